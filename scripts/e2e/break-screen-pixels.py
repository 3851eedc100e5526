#!/usr/bin/env python3
"""Checks a screenshot of the native break screen by its pixels, monitor by monitor (standard library only).

    break-screen-pixels.py SHOT MONITOR... [--png OUT.png]

SHOT is an X window dump (`xwd -root`) or a binary PPM (grim -t ppm); each MONITOR is WIDTHxHEIGHT+X+Y.
A monitor shows the break screen when most of it is the break screen's background (the web app's light
#f6f7f9 or dark #0d1117) and its middle holds the countdown ring — its green fill (#1a7f37 or #3fb950) and its
grey track (#d0d7de or #30363d) together, since at a fast clock the fill may be gone by the screenshot — and the
accent (#0b63c4 or #4f9cf9) of the breathing circle and the Done button. Prints one line per monitor and exits 1
when any monitor does not show it.
"""
import struct
import sys
import zlib

import ppm

BACKGROUNDS = [(0xF6, 0xF7, 0xF9), (0x0D, 0x11, 0x17)]
RINGS = [(0x1A, 0x7F, 0x37), (0x3F, 0xB9, 0x50)]
TRACKS = [(0xD0, 0xD7, 0xDE), (0x30, 0x36, 0x3D)]
ACCENTS = [(0x0B, 0x63, 0xC4), (0x4F, 0x9C, 0xF9)]


def read_xwd(data):
    header = struct.unpack(">25I", data[:100])
    header_size, width, height = header[0], header[4], header[5]
    bits_per_pixel, bytes_per_line, ncolors = header[11], header[12], header[19]
    byte_order = header[7]
    if bits_per_pixel not in (24, 32):
        raise SystemExit(f"break-screen-pixels: {bits_per_pixel} bits per pixel: only 24 and 32 are read")
    step = bits_per_pixel // 8
    offset = header_size + ncolors * 12
    pixels = []
    for row in range(height):
        line = data[offset + row * bytes_per_line: offset + row * bytes_per_line + width * step]
        if byte_order == 0:  # LSBFirst: B G R (X)
            pixels.append([(line[i + 2], line[i + 1], line[i]) for i in range(0, len(line), step)])
        else:  # MSBFirst: (X) R G B
            skip = step - 3
            pixels.append([(line[i + skip], line[i + skip + 1], line[i + skip + 2]) for i in range(0, len(line), step)])
    return width, height, pixels


def read_ppm(data):
    width, height, start = ppm.header(data, "break-screen-pixels")
    raw = data[start:]
    return width, height, [[tuple(raw[(row * width + col) * 3:(row * width + col) * 3 + 3]) for col in range(width)] for row in range(height)]


def close(colour, wanted, tolerance=24):
    return any(all(abs(a - b) <= tolerance for a, b in zip(colour, one)) for one in wanted)


def check(pixels, geometry):
    size, x, y = geometry.split("+", 1)[0], *map(int, geometry.split("+")[1:3])
    width, height = map(int, size.split("x"))
    region = [row[x:x + width] for row in pixels[y:y + height]]
    samples = [p for row in region[::4] for p in row[::4]]
    background = sum(close(p, BACKGROUNDS, 4) for p in samples) / max(1, len(samples))
    middle = [p for row in region[height // 4: 3 * height // 4] for p in row[width // 4: 3 * width // 4]]
    fill = sum(close(p, RINGS) for p in middle)
    track = sum(close(p, TRACKS, 8) for p in middle)
    accent = sum(close(p, ACCENTS) for p in middle)
    # The ring, 7 px wide around a radius of 58, is some 2,500 pixels at scale 1, fill and track together.
    shown = background >= 0.6 and fill + track >= 1000 and accent >= 50
    print(f"monitor {geometry}: background {background:.0%}, ring pixels {fill} filled + {track} track, accent pixels {accent}: "
          + ("the break screen" if shown else "NOT the break screen"))
    return shown


def write_png(path, width, height, pixels):
    raw = b"".join(b"\x00" + bytes(c for p in row for c in p) for row in pixels)
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                  + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def main(arguments):
    png = None
    if "--png" in arguments:
        index = arguments.index("--png")
        png = arguments[index + 1]
        del arguments[index:index + 2]
    if len(arguments) < 2:
        raise SystemExit(__doc__)
    data = open(arguments[0], "rb").read()
    width, height, pixels = read_ppm(data) if data[:2] == b"P6" else read_xwd(data)
    if png:
        write_png(png, width, height, pixels)
    results = [check(pixels, geometry) for geometry in arguments[1:]]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
