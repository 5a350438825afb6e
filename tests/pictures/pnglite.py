# SPDX-License-Identifier: GPL-2.0-or-later
# pnglite.py: just enough PNG reading (8-bit RGB/RGBA, non-interlaced: what Chromium writes) for
# the picture tests to look at rendered pixels without third-party Python packages.
import struct, zlib


def read_png(path):
    """Returns (width, height, rows) with rows a list of bytes objects of RGB(A) pixels."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, w = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {ctype})")
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def pixel_stats(path):
    """Share of non-white pixels and the set of distinct colours (RGB)."""
    w, h, bpp, rows = read_png(path)
    colours, ink = {}, 0
    for row in rows:
        for x in range(0, w * bpp, bpp):
            rgb = row[x:x + 3]
            colours[rgb] = colours.get(rgb, 0) + 1
            if rgb != b"\xff\xff\xff":
                ink += 1
    return w, h, ink / float(w * h), colours
