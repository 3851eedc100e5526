#!/usr/bin/env python3
"""Finds LockOut's tray icon, its open menu and its tooltip in screenshots of a bar at the top of the screen (standard library only).

    tray-pixels.py icon SHOT BAR_HEIGHT
    tray-pixels.py popup BEFORE AFTER

Each SHOT is a binary PPM (grim -t ppm).

icon: the bar is the top BAR_HEIGHT rows; what differs there from its background (its most common colour) is drawn
on it. That drawing is LockOut's eye when it is small (at most 48 px each way) and a good part of it is the eye's teal
(green and blue well above red), which neither the bar nor a missing-icon placeholder has. Prints the centre of the
drawing, "X Y", and exits 1 when the bar shows no such icon.

menu: a menu opened between BEFORE and AFTER is what changed. Its body is where most of what changed is in its most
common colour (the menu's background; not its shadow, nor the pointer drawn beside it); each run of rows with
something else inside the body is an entry's label (a run under 4 rows high is a separator's line, left out). Prints "X Y1 Y2 …": the body's
centre column and the middle row of each label, top to bottom; exits 1 when no menu opened.
"""
import sys
from collections import Counter

import ppm


def read_ppm(path):
    with open(path, "rb") as file:
        data = file.read()
    width, height, start = ppm.header(data, f"tray-pixels: {path}")
    return Shot(width, height, data[start:])


class Shot:
    def __init__(self, width, height, raw):
        self.width, self.height, self.raw = width, height, raw

    def __call__(self, x, y):
        start = (y * self.width + x) * 3
        return tuple(self.raw[start:start + 3])

    def row(self, y):
        return self.raw[y * self.width * 3:(y + 1) * self.width * 3]


def distance(a, b):
    return sum(abs(p - q) for p, q in zip(a, b))


def is_teal(pixel):
    r, g, b = pixel
    return g - r > 40 and b - r > 30


def icon(shot, bar_height):
    pixel = read_ppm(shot)
    bar = [(x, y, pixel(x, y)) for y in range(bar_height) for x in range(pixel.width)]
    background = Counter(p for _, _, p in bar).most_common(1)[0][0]
    drawn = [(x, y, p) for x, y, p in bar if distance(p, background) > 30]
    if not drawn:
        print(f"tray-pixels: the bar is all its background {background}: no icon", file=sys.stderr)
        return 1
    xs, ys = [x for x, _, _ in drawn], [y for _, y, _ in drawn]
    box = (min(xs), min(ys), max(xs), max(ys))
    teal = sum(1 for _, _, p in drawn if is_teal(p))
    size = (box[2] - box[0] + 1, box[3] - box[1] + 1)
    print(f"tray-pixels: {len(drawn)} pixels drawn on the bar in {size[0]}x{size[1]}+{box[0]}+{box[1]}, {teal} of them teal",
          file=sys.stderr)
    if size[0] > 48 or size[1] > 48 or teal * 4 < len(drawn):
        print("tray-pixels: that is not LockOut's eye", file=sys.stderr)
        return 1
    print((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
    return 0


def popup(before, after):
    old, new = read_ppm(before), read_ppm(after)
    # Rows compared whole first: a popup changes a couple of hundred of them.
    rows = [y for y in range(new.height) if old.row(y) != new.row(y)]
    changed = [(x, y, new(x, y)) for y in rows for x in range(new.width) if old(x, y) != new(x, y)]
    if len(changed) < 500:
        print(f"tray-pixels: {len(changed)} pixels changed: no popup opened", file=sys.stderr)
        return 1
    body_colour = Counter(p for _, _, p in changed).most_common(1)[0][0]
    # The body's rows and columns are those mostly in its colour: not the pointer's few pixels of it beside the menu.
    in_rows = Counter(y for _, y, p in changed if p == body_colour)
    in_columns = Counter(x for x, _, p in changed if p == body_colour)
    body_rows = [y for y, count in in_rows.items() if count * 2 >= max(in_rows.values())]
    body_columns = [x for x, count in in_columns.items() if count * 2 >= max(in_columns.values())]
    left, right, top, bottom = min(body_columns), max(body_columns), min(body_rows), max(body_rows)
    inner = range(left + 4, right - 3)
    inked = [y for y in range(top, bottom + 1) if any(distance(new(x, y), body_colour) > 60 for x in inner)]
    runs = []
    for y in inked:
        if runs and y - runs[-1][1] <= 2:
            runs[-1][1] = y
        else:
            runs.append([y, y])
    labels = [(first + last) // 2 for first, last in runs if last - first + 1 >= 4]
    print(f"tray-pixels: a popup {right - left + 1}x{bottom - top + 1}+{left}+{top} in {body_colour}, "
          f"{len(labels)} lines of text at rows {labels}", file=sys.stderr)
    if not labels:
        return 1
    print((left + right) // 2, *labels)
    return 0


def main(argv):
    if len(argv) == 4 and argv[1] == "icon":
        return icon(argv[2], int(argv[3]))
    if len(argv) == 4 and argv[1] == "popup":
        return popup(argv[2], argv[3])
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
