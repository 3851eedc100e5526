"""Reads a binary PPM's header (P6, 8 bits a channel), as grim and the KWin screenshot client write them; standard
library only, shared by the end-to-end runs' pixel checks."""


def header(data, who):
    """The width, the height and where the pixels start in `data`; exits naming `who` when it is no 8-bit P6."""
    fields, position = [], 0
    while len(fields) < 4:
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        end = position
        while end < len(data) and not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise SystemExit(f"{who}: not an 8-bit binary PPM")
    return int(fields[1]), int(fields[2]), position + 1
