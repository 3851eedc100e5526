#!/usr/bin/env python3
"""Screenshots through KWin's own screenshot interface (org.kde.KWin.ScreenShot2), as binary PPMs.

    kwin-screenshot.py outputs              each output KWin has: NAME WIDTHxHEIGHT+X+Y, one a line
    kwin-screenshot.py screen NAME OUT.ppm  the output NAME, as KWin composited it

Needs the session bus KWin is on and python3-dbus (D-Bus can pass the pipe KWin writes the image into only
with a client that sends unix fds: gdbus and dbus-send cannot). KWin refuses the capture from a program that
is not a KDE one unless started with KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1.
"""
import os
import re
import select
import sys

import dbus

# QImage::Format values KWin hands out (raw, one row every `stride` bytes), and where R, G and B sit in a pixel
# on a little-endian machine: the 32-bit ARGB formats are stored B G R A.
FORMATS = {4: (4, 2, 1, 0), 5: (4, 2, 1, 0), 6: (4, 2, 1, 0), 16: (4, 0, 1, 2), 17: (4, 0, 1, 2), 18: (4, 0, 1, 2)}


def kwin(bus):
    return bus.get_object("org.kde.KWin", "/org/kde/KWin/ScreenShot2")


def outputs(bus):
    """Each output's name and place, from KWin's support information (its only D-Bus list of outputs)."""
    text = str(bus.get_object("org.kde.KWin", "/KWin").supportInformation(dbus_interface="org.kde.KWin"))
    found = re.findall(r"^Name: (\S+)\nEnabled: 1\nGeometry: (-?\d+),(-?\d+),(\d+)x(\d+)$", text, re.M)
    if not found:
        raise SystemExit("kwin-screenshot: KWin's support information names no enabled output:\n" + text)
    return [f"{name} {w}x{h}+{x}+{y}" for name, x, y, w, h in found]


def read_exactly(reader, size, patience=20):
    """Up to `size` bytes from the pipe, until it ends or stays silent for `patience` seconds."""
    data = bytearray()
    while len(data) < size:
        if not select.select([reader], [], [], patience)[0]:
            break
        chunk = os.read(reader, min(1 << 20, size - len(data)))
        if not chunk:
            break
        data += chunk
    return bytes(data)


def screen(bus, name, path):
    reader, writer = os.pipe()
    fd = dbus.types.UnixFd(writer)
    os.close(writer)
    # KWin answers once the capture is done and only then writes the image into the pipe, from a thread of its
    # own: the reply comes first, the bytes after it.
    try:
        results = kwin(bus).CaptureScreen(name, dbus.Dictionary({}, signature="sv"), fd,
                                          dbus_interface="org.kde.KWin.ScreenShot2", timeout=20)
    except dbus.DBusException as error:
        raise SystemExit(f"kwin-screenshot: KWin took no screenshot of {name}: {error.get_dbus_name()}: {error.get_dbus_message()}")
    finally:
        os.close(fd.take())
    width, height, stride, kind = (int(results[key]) for key in ("width", "height", "stride", "format"))
    data = read_exactly(reader, stride * height)
    os.close(reader)
    if kind not in FORMATS:
        raise SystemExit(f"kwin-screenshot: image format {kind} (a QImage::Format) is not read: {dict(results)}")
    if len(data) < stride * height:
        raise SystemExit(f"kwin-screenshot: {len(data)} bytes for {width}x{height} at a stride of {stride}")
    step, r, g, b = FORMATS[kind]
    pixels = bytearray()
    for row in range(height):
        line = data[row * stride: row * stride + width * step]
        rgb = bytearray(width * 3)
        rgb[0::3], rgb[1::3], rgb[2::3] = line[r::step], line[g::step], line[b::step]
        pixels += rgb
    with open(path, "wb") as out:
        out.write(b"P6\n%d %d\n255\n" % (width, height) + bytes(pixels))
    print(f"{name}: {width}x{height}, QImage format {kind}")


def main(arguments):
    bus = dbus.SessionBus()
    if arguments == ["outputs"]:
        print("\n".join(outputs(bus)))
    elif len(arguments) == 3 and arguments[0] == "screen":
        screen(bus, arguments[1], arguments[2])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
