#!/usr/bin/env python3
"""Reads a QR code drawn in a terminal with half blocks (light modules drawn, as `lockout family pair`
prints it) and decodes it with zbarimg, as a phone pointed at the screen would: prints the text."""
import subprocess, sys, tempfile

lines = [line.rstrip("\n") for line in open(sys.argv[1], encoding="utf-8")]
art = [line for line in lines if line and set(line) <= set("█▀▄ ")]
width = max(len(line) for line in art)
rows = []
for line in art:
    line = line.ljust(width)
    top = ["1" if c in "█▀" else "0" for c in line]
    bottom = ["1" if c in "█▄" else "0" for c in line]
    rows += [top, bottom]
scale, margin = 4, 4
size_x, size_y = (width + 2 * margin) * scale, (len(rows) + 2 * margin) * scale
with tempfile.NamedTemporaryFile("w", suffix=".pbm", delete=False) as image:
    image.write("P1\n%d %d\n" % (size_x, size_y))
    for y in range(size_y):
        row_index = y // scale - margin
        out = []
        for x in range(size_x):
            column = x // scale - margin
            drawn = 0 <= row_index < len(rows) and 0 <= column < width and rows[row_index][column] == "1"
            # A drawn glyph is light on the screen, the margin around is light too; what is not drawn is dark.
            inside = 0 <= row_index < len(rows) and 0 <= column < width
            out.append("0" if (drawn or not inside) else "1")
        image.write(" ".join(out) + "\n")
result = subprocess.run(["zbarimg", "-q", "--raw", image.name], capture_output=True)
sys.stdout.write(result.stdout.decode("utf-8", "replace").strip())
sys.exit(result.returncode)
