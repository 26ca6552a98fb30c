#!/usr/bin/env python3
"""An independent PNG reader for DnDKit's tests: Python's own zlib and a small unfilter, no libpng.

    python3 Scripts/png-samples.py FILE...

For each file prints one line, `WIDTHxHEIGHT SHA256`, where SHA256 is the hash of the raw samples as the file
stores them, rows top to bottom with no filter bytes (16-bit samples big-endian): what DnDKit's decoder gives for
8- and 16-bit gray, gray+alpha, RGB and RGBA images that are not interlaced. Checks the signature, every chunk's
CRC, that the IDAT data is one complete zlib stream with nothing after it, and every filter type; exits 1 with a
message on the first problem. Other kinds of PNG are refused (exit 2): the tests use this reader only on files
DnDKit encodes.
"""

import hashlib
import struct
import sys
import zlib

CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}


def fail(path, message, status=1):
    print(f"{path}: {message}", file=sys.stderr)
    sys.exit(status)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(kind, row, previous, bpp):
    out = bytearray(row)
    n = len(out)
    if kind == 0:
        pass
    elif kind == 1:
        for i in range(bpp, n):
            out[i] = (out[i] + out[i - bpp]) & 0xFF
    elif kind == 2:
        for i in range(n):
            out[i] = (out[i] + previous[i]) & 0xFF
    elif kind == 3:
        for i in range(n):
            left = out[i - bpp] if i >= bpp else 0
            out[i] = (out[i] + ((left + previous[i]) >> 1)) & 0xFF
    elif kind == 4:
        for i in range(n):
            left = out[i - bpp] if i >= bpp else 0
            upper_left = previous[i - bpp] if i >= bpp else 0
            out[i] = (out[i] + paeth(left, previous[i], upper_left)) & 0xFF
    else:
        return None
    return out


def samples(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(path, "not a PNG signature")
    offset = 8
    header = None
    stream = bytearray()
    while True:
        if offset + 12 > len(data):
            fail(path, f"truncated at byte {offset}")
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])
        if zlib.crc32(kind + body) != crc:
            fail(path, f"CRC mismatch in {kind.decode('latin-1')} at byte {offset}")
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            stream += body
        elif kind == b"IEND":
            break
        offset += 12 + length
    width, height, depth, color, _, _, interlace = header
    if color not in CHANNELS or depth not in (8, 16) or interlace != 0:
        fail(path, f"colour type {color}, bit depth {depth}, interlace {interlace}: not read here", 2)
    inflater = zlib.decompressobj()
    raw = inflater.decompress(bytes(stream)) + inflater.flush()
    if not inflater.eof or inflater.unused_data:
        fail(path, "the IDAT data is not exactly one complete zlib stream")
    bpp = CHANNELS[color] * depth // 8
    row_bytes = width * bpp
    if len(raw) != height * (row_bytes + 1):
        fail(path, f"{len(raw)} bytes inflated, not {height * (row_bytes + 1)}")
    hasher = hashlib.sha256()
    previous = bytes(row_bytes)
    for y in range(height):
        start = y * (row_bytes + 1)
        row = unfilter(raw[start], raw[start + 1:start + 1 + row_bytes], previous, bpp)
        if row is None:
            fail(path, f"row {y} has filter type {raw[start]}")
        hasher.update(row)
        previous = row
    return f"{width}x{height} {hasher.hexdigest()}"


for name in sys.argv[1:]:
    print(samples(name))
