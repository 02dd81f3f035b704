#!/usr/bin/env python3
"""Compares two rendered pages pixel by pixel.

Usage: compare_png.py REFERENCE.png CURRENT.png

Exits 0 when both pages have the same size and no pixel's channel
differs by more than TOLERANCE levels (of 255): what differs below that
is anti-aliasing rounding, not a change a reader could see.  Otherwise
prints what differs (size, or how many pixels and where the first is)
and exits 1.  Reads the 8-bit, non-interlaced PNGs pdftoppm writes
(grey, grey+alpha, RGB, RGBA) with zlib alone.
"""
import struct
import sys
import zlib

TOLERANCE = 8
CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def read_png(path):
    """(width, height, channels, rows as bytearrays)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s: not a PNG" % path)
    pos, idat, head = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = head
    if depth != 8 or interlace or colour not in CHANNELS:
        raise ValueError("%s: only 8-bit non-interlaced PNGs are read" % path)
    n = CHANNELS[colour]
    raw = zlib.decompress(b"".join(idat))
    stride = width * n
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - n] if i >= n else 0
            b, c = prev[i], prev[i - n] if i >= n else 0
            line[i] = (line[i] + (0, a, b, (a + b) // 2, _paeth(a, b, c))[f]) & 255
        rows.append(line)
        prev = line
    return width, height, n, rows


def main():
    ref, cur = read_png(sys.argv[1]), read_png(sys.argv[2])
    if ref[:3] != cur[:3]:
        print("size %dx%d (%d channels), was %dx%d (%d)" % (cur[0], cur[1], cur[2], ref[0], ref[1], ref[2]))
        return 1
    n, first, count = ref[2], None, 0
    for y, (a, b) in enumerate(zip(ref[3], cur[3])):
        if a == b:
            continue
        for i in range(len(a)):
            if abs(a[i] - b[i]) > TOLERANCE:
                count += 1
                first = first or (i // n, y)
    if count:
        print("%d pixel channels differ by more than %d levels, the first at x=%d, y=%d"
              % (count, TOLERANCE, first[0], first[1]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
