# SPDX-License-Identifier: GPL-2.0-or-later
# pnglite.py: just enough PNG reading (8-bit RGB/RGBA, non-interlaced: what Chromium writes) for
# the picture tests to look at rendered pixels without third-party Python packages.
import struct, zlib
from collections import Counter
from itertools import accumulate


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
    rows, prev = [], bytes(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        if f == 0:
            line = bytes(line)
        elif f == 2:   # Up: each byte plus the one above, whole row at once
            line = _add_bytes(line, prev)
        elif f == 1:   # Sub: a running sum per channel
            out = bytearray(stride)
            for ch in range(bpp):
                out[ch::bpp] = bytes(map(_low8, accumulate(line[ch::bpp])))
            line = bytes(out)
        else:          # Average and Paeth: byte by byte
            line = bytearray(line)
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                if f == 3:
                    line[i] = (line[i] + (a + b) // 2) & 255
                elif f == 4:
                    c = prev[i - bpp] if i >= bpp else 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            line = bytes(line)
        rows.append(line)
        prev = line
    return w, h, bpp, rows


_low8 = (255).__and__


def _add_bytes(x, y):
    """Bytewise (x + y) mod 256 of two equal-length byte strings, as one big integer addition:
    the low 7 bits of every byte are added without a carry out of the byte, bit 7 by XOR."""
    n = len(x)
    lo, hi = int.from_bytes(b"\x7f" * n, "big"), int.from_bytes(b"\x80" * n, "big")
    a, b = int.from_bytes(x, "big"), int.from_bytes(y, "big")
    return (((a & lo) + (b & lo)) ^ ((a ^ b) & hi)).to_bytes(n, "big")


def pixel_stats(path):
    """Share of non-white pixels and the set of distinct colours (RGB bytes -> pixel count)."""
    w, h, bpp, rows = read_png(path)
    data = b"".join(rows)
    counts = Counter(zip(data[0::bpp], data[1::bpp], data[2::bpp]))
    colours = {bytes(rgb): n for rgb, n in counts.items()}
    ink = w * h - counts.get((255, 255, 255), 0)
    return w, h, ink / float(w * h), colours
