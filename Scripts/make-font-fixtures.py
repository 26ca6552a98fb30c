#!/usr/bin/env python3
"""Writes a tiny real font, "DnDKit Square" (one square glyph, A), as OpenType (CFF), TrueType and Type 1 (PFB),
with its Adobe font metrics (AFM), into the folder given. Used by Scripts/make-disk-fixtures.sh."""
import sys

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

out = sys.argv[1]

def square(pen):
    pen.moveTo((100, 0)); pen.lineTo((100, 700)); pen.lineTo((500, 700)); pen.lineTo((500, 0)); pen.closePath()

names = {"familyName": "DnDKit Square", "styleName": "Regular"}
for kind in ("otf", "ttf"):
    fb = FontBuilder(1000, isTTF=(kind == "ttf"))
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({0x41: "A"})
    if kind == "otf":
        glyphs = {}
        for g in (".notdef", "A"):
            pen = T2CharStringPen(600, None)
            if g == "A": square(pen)
            glyphs[g] = pen.getCharString()
        fb.setupCFF("DnDKitSquare-Regular", {"FullName": "DnDKit Square"}, glyphs, {})
    else:
        glyphs = {}
        for g in (".notdef", "A"):
            pen = TTGlyphPen(None)
            if g == "A": square(pen)
            glyphs[g] = pen.glyph()
        fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({".notdef": (600, 0), "A": (600, 100)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable(names)
    fb.setupOS2()
    fb.setupPost()
    fb.save(f"{out}/square.{kind}")

# Type 1: the clear text, then the private part encrypted with eexec (r = 55665), charstrings with r = 4330.
def encrypt(data, r, skip=4):
    out = bytearray()
    for b in bytes(skip) + data:
        c = b ^ (r >> 8); out.append(c); r = ((c + r) * 52845 + 22719) & 0xFFFF
    return bytes(out)

def num(v):
    if -107 <= v <= 107: return bytes([v + 139])
    if 108 <= v <= 1131: v -= 108; return bytes([(v >> 8) + 247, v & 0xFF])
    if -1131 <= v <= -108: v = -v - 108; return bytes([(v >> 8) + 251, v & 0xFF])
    raise ValueError(v)

def cs(*ops):
    out = bytearray()
    for op in ops:
        out += op if isinstance(op, bytes) else num(op)
    return encrypt(bytes(out), 4330)

HSBW, RLINE, HLINE, VLINE, CLOSE, END, RMOVE = b"\x0d", b"\x05", b"\x06", b"\x07", b"\x09", b"\x0e", b"\x15"
notdef = cs(0, 600, HSBW, END)
square_cs = cs(100, 600, HSBW, 0, 0, RMOVE, 700, VLINE, 400, HLINE, -700, VLINE, CLOSE, END)
clear = b"""%!PS-AdobeFont-1.0: DnDKitSquare-Regular 001.000
%%Title: DnDKit Square, a test fixture of DnDKit
11 dict begin
/FontInfo 2 dict dup begin /FullName (DnDKit Square) readonly def /FamilyName (DnDKit Square) readonly def end readonly def
/FontName /DnDKitSquare-Regular def
/Encoding 256 array 0 1 255 {1 index exch /.notdef put} for dup 65 /A put readonly def
/PaintType 0 def
/FontType 1 def
/FontMatrix [0.001 0 0 0.001 0 0] readonly def
/FontBBox {0 0 500 700} readonly def
currentdict end
currentfile eexec
"""
private = (b"dup /Private 8 dict dup begin\n/RD{string currentfile exch readstring pop}executeonly def\n"
    b"/ND{noaccess def}executeonly def\n/NP{noaccess put}executeonly def\n/BlueValues [] ND\n/MinFeature{16 16}ND\n"
    b"/password 5839 def\n/Subrs 0 array ND\n2 index /CharStrings 2 dict dup begin\n")
for name, data in ((b".notdef", notdef), (b"A", square_cs)):
    private += b"/" + name + b" " + str(len(data)).encode() + b" RD " + data + b" ND\n"
private += b"end\nend\nreadonly put\nnoaccess put\ndup /FontName get exch definefont pop\nmark currentfile closefile\n"
binary = encrypt(private, 55665)
trailer = (b"0" * 64 + b"\n") * 8 + b"cleartomark\n"
def segment(kind, data): return bytes([0x80, kind]) + len(data).to_bytes(4, "little") + data
open(f"{out}/square.pfb", "wb").write(segment(1, clear) + segment(2, binary) + segment(1, trailer) + b"\x80\x03")
open(f"{out}/square.afm", "w").write("""StartFontMetrics 4.1
Comment Metrics of DnDKit Square, a test fixture of DnDKit
FontName DnDKitSquare-Regular
FullName DnDKit Square
FamilyName DnDKit Square
Weight Regular
ItalicAngle 0
IsFixedPitch true
FontBBox 0 0 500 700
EncodingScheme AdobeStandardEncoding
CapHeight 700
Ascender 700
Descender 0
StartCharMetrics 1
C 65 ; WX 600 ; N A ; B 100 0 500 700 ;
EndCharMetrics
EndFontMetrics
""")
