#!/bin/sh
# Makes the tiny real files of Tests/ContentTypesTests/Fixtures/Files/disk/: the formats people meet on their own
# disks (fonts, X bitmaps, compressed SVG and PCF, PostScript, object code), each a valid file of its format.
# Needs python3 with fontTools, cc, strip, bdftopcf, ImageMagick's convert, gzip. Run from the repository root.
set -eu
out=Tests/ContentTypesTests/Fixtures/Files/disk
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Scripts/make-font-fixtures.py "$work"
printf 'int dndkit_square(int side) { return side * side; }\n' >"$work/square.c"
cc -c -Os -o "$work/square.o" "$work/square.c"
strip --strip-unneeded "$work/square.o"
cc -shared -fPIC -Os -s -nostdlib -Wl,--build-id=none -Wl,-z,noseparate-code -o "$work/libsquare.so" "$work/square.c"
convert -size 8x8 xc:white -fill black -draw "rectangle 2,2 5,5" "$work/square.xbm"
cat >"$work/square.bdf" <<'BDF'
STARTFONT 2.1
COMMENT DnDKit Square, a test fixture of DnDKit
FONT -dndkit-square-medium-r-normal--8-80-75-75-c-80-iso10646-1
SIZE 8 75 75
FONTBOUNDINGBOX 8 8 0 0
STARTPROPERTIES 2
FONT_ASCENT 8
FONT_DESCENT 0
ENDPROPERTIES
CHARS 1
STARTCHAR A
ENCODING 65
SWIDTH 1000 0
DWIDTH 8 0
BBX 8 8 0 0
BITMAP
00
00
3C
3C
3C
3C
00
00
ENDCHAR
ENDFONT
BDF
bdftopcf -o "$work/square.pcf" "$work/square.bdf"
gzip -n -9 -c "$work/square.pcf" >"$work/square.pcf.gz"
printf '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect x="2" y="2" width="4" height="4"/></svg>\n' \
    | gzip -n -9 >"$work/square.svgz"
cat >"$work/square.ps" <<'PS'
% A PostScript program without a header line, the way Ghostscript's own resource files begin.
/square { newpath 2 2 moveto 0 4 rlineto 4 0 rlineto 0 -4 rlineto closepath } def
square fill
showpage
PS
mkdir -p "$out"
for file in square.otf square.ttf square.pfb square.afm square.ps square.xbm square.pcf.gz square.svgz libsquare.so \
    square.o; do
    cp "$work/$file" "$out/$file"
done
