#!/usr/bin/env python3
"""Draws LockOut's app icon, the eye of seed 000, into Apps/LockOut/Resources/Assets.xcassets/AppIcon.appiconset.

With --linux it draws the 256 px icon of the Linux desktop entry instead: share/icons/lockout-256.png, and the same
bytes as base64 in Sources/LockOutAgent/Platform/SessionIcon.swift, so that `lockout service install` can write the
icon without the repository at hand; beside them, the tray icon's pixmaps (22, 32 and 48 px, ARGB32 in network byte
order, as StatusNotifierItem's IconPixmap carries them), for a tray host that finds no icon by name.

Pure Python (zlib only), so the PNGs are reproducible anywhere: an almond-shaped eye (two circles' lens) with an
iris, a pupil and a highlight on a teal field; edges are anti-aliased from signed distances. Run it again after
changing a colour or a size; the catalog's Contents.json is written with the images.
"""
import base64
import json
import math
import os
import struct
import sys
import zlib

FIELD_TOP = (20, 132, 122)
FIELD_BOTTOM = (12, 84, 80)
WHITE = (250, 252, 252)
IRIS = (28, 168, 152)
PUPIL = (10, 34, 33)

# The lens: inside two circles of radius R whose centres sit A above and below the middle.
HALF_WIDTH, HALF_HEIGHT = 0.36, 0.2
R = (HALF_WIDTH ** 2 + HALF_HEIGHT ** 2) / (2 * HALF_HEIGHT)
A = R - HALF_HEIGHT


def coverage(distance, pixel):
    """How much of a pixel a shape covers, from the signed distance of its centre to the edge."""
    return min(1.0, max(0.0, 0.5 - distance / pixel))


def mix(under, over, amount):
    return tuple(u + (o - u) * amount for u, o in zip(under, over))


def shade(x, y, pixel):
    colour = mix(FIELD_TOP, FIELD_BOTTOM, y)
    upper = math.hypot(x - 0.5, y - (0.5 + A)) - R
    lower = math.hypot(x - 0.5, y - (0.5 - A)) - R
    colour = mix(colour, WHITE, coverage(max(upper, lower), pixel))
    iris = math.hypot(x - 0.5, y - 0.5) - 0.155
    colour = mix(colour, IRIS, coverage(max(iris, upper, lower), pixel))
    colour = mix(colour, PUPIL, coverage(math.hypot(x - 0.5, y - 0.5) - 0.07, pixel))
    colour = mix(colour, WHITE, coverage(math.hypot(x - 0.545, y - 0.455) - 0.028, pixel))
    return colour


def png(size):
    pixel = 1.0 / size
    rows = bytearray()
    for row in range(size):
        rows.append(0)
        y = (row + 0.5) * pixel
        for column in range(size):
            rows.extend(round(c) for c in shade((column + 0.5) * pixel, y, pixel))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")


PIXMAP_SIZES = (22, 32, 48)


def pixmap(size):
    """The eye as StatusNotifierItem's pixels: rows of opaque ARGB32, most significant byte first."""
    pixel = 1.0 / size
    data = bytearray()
    for row in range(size):
        y = (row + 0.5) * pixel
        for column in range(size):
            data.append(255)
            data.extend(round(c) for c in shade((column + 0.5) * pixel, y, pixel))
    return bytes(data)


def swift_base64(data):
    encoded = base64.b64encode(data).decode("ascii")
    return "\n".join(f"        {encoded[start:start + 100]}" for start in range(0, len(encoded), 100))


def linux(root):
    image = png(256)
    folder = os.path.join(root, "share/icons")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "lockout-256.png"), "wb") as out:
        out.write(image)
    lines = swift_base64(image)
    pixmaps = "".join(
        f'        ({size}, """\n{swift_base64(pixmap(size))}\n        """),\n' for size in PIXMAP_SIZES
    )
    with open(os.path.join(root, "Sources/LockOutAgent/Platform/SessionIcon.swift"), "w") as out:
        out.write(
            "// Written by scripts/app-icon.py --linux: edit the script, not this file.\n"
            "import Foundation\n\n"
            "/// LockOut's eye as a 256 px PNG, for the desktop entry `lockout service install` writes.\n"
            "enum SessionIcon {\n"
            "    /// The PNG's bytes (share/icons/lockout-256.png).\n"
            "    static let png = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) ?? Data()\n\n"
            '    private static let base64 = """\n'
            f"{lines}\n"
            '        """\n\n'
            "    /// The eye for a tray, by size: opaque ARGB32 pixels in network byte order, row by row.\n"
            "    static let pixmaps: [(size: Int, argb: Data)] = pixmapsBase64.map { size, text in\n"
            "        (size, Data(base64Encoded: text, options: .ignoreUnknownCharacters) ?? Data())\n"
            "    }\n\n"
            "    private static let pixmapsBase64: [(Int, String)] = [\n"
            f"{pixmaps}"
            "    ]\n"
            "}\n"
        )
    return 0


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if sys.argv[1:] == ["--linux"]:
        return linux(root)
    folder = os.path.join(root, "Apps/LockOut/Resources/Assets.xcassets/AppIcon.appiconset")
    os.makedirs(folder, exist_ok=True)
    images = [{"filename": "icon-1024.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"}]
    for points in (16, 32, 128, 256, 512):
        for scale in (1, 2):
            images.append({"filename": f"icon-{points * scale}.png", "idiom": "mac", "scale": f"{scale}x", "size": f"{points}x{points}"})
    for size in sorted({int(image["filename"][5:-4]) for image in images}):
        with open(os.path.join(folder, f"icon-{size}.png"), "wb") as out:
            out.write(png(size))
    with open(os.path.join(folder, "Contents.json"), "w") as out:
        json.dump({"images": images, "info": {"author": "xcode", "version": 1}}, out, indent=2)
        out.write("\n")
    with open(os.path.join(os.path.dirname(folder), "Contents.json"), "w") as out:
        json.dump({"info": {"author": "xcode", "version": 1}}, out, indent=2)
        out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
