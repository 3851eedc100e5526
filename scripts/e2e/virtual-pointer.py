#!/usr/bin/env python3
"""Gives a headless wlroots compositor (sway) a pointer: a zwlr_virtual_pointer_v1 device on its seat.

A headless sway has no input devices, so its seat has no pointer and no client ever gets a wl_pointer: a
`swaymsg seat - cursor ...` moves a cursor nobody hears. With this device attached, the seat has the pointer
capability, and sway's cursor commands reach the surface under the cursor as a mouse's would.

Speaks the Wayland wire protocol over $XDG_RUNTIME_DIR/$WAYLAND_DISPLAY itself (Debian has no Python binding
for it). Prints "ready" once the compositor has made the device, then holds it until the process is ended (or the
compositor goes): the device goes with the connection.

    virtual-pointer.py
"""
import os
import socket
import struct
import sys

DISPLAY_ID = 1


class Wayland:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.next_id = 2
        self.buffer = b""

    def new_id(self):
        new = self.next_id
        self.next_id += 1
        return new

    def request(self, obj, opcode, payload=b""):
        size = 8 + len(payload)
        self.sock.sendall(struct.pack("<II", obj, (size << 16) | opcode) + payload)

    def event(self):
        """The next event as (object, opcode, payload)."""
        while True:
            if len(self.buffer) >= 8:
                obj, word = struct.unpack_from("<II", self.buffer)
                size = word >> 16
                if len(self.buffer) >= size:
                    payload = self.buffer[8:size]
                    self.buffer = self.buffer[size:]
                    return obj, word & 0xFFFF, payload
            chunk = self.sock.recv(65536)
            if not chunk:
                sys.exit("virtual-pointer: the compositor closed the connection")
            self.buffer += chunk

    def roundtrip(self, on_event=lambda obj, opcode, payload: None):
        """Sends wl_display.sync and hands every event before its done to on_event; a protocol error ends the run."""
        callback = self.new_id()
        self.request(DISPLAY_ID, 0, struct.pack("<I", callback))
        while True:
            obj, opcode, payload = self.event()
            if obj == callback:
                return
            if obj == DISPLAY_ID and opcode == 0:
                failed, code = struct.unpack_from("<II", payload)
                message = string_at(payload, 8)[0]
                sys.exit(f"virtual-pointer: protocol error on object {failed} (code {code}): {message}")
            on_event(obj, opcode, payload)


def string(text):
    data = text.encode() + b"\0"
    return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)


def string_at(payload, offset):
    """The string at offset, and the offset after it."""
    (length,) = struct.unpack_from("<I", payload, offset)
    text = payload[offset + 4 : offset + 4 + length - 1].decode()
    return text, offset + 4 + length + (-length % 4)


def main():
    runtime = os.environ["XDG_RUNTIME_DIR"]
    display = os.environ.get("WAYLAND_DISPLAY", "wayland-0")
    wayland = Wayland(display if display.startswith("/") else os.path.join(runtime, display))
    registry = wayland.new_id()
    wayland.request(DISPLAY_ID, 1, struct.pack("<I", registry))
    globals_ = {}

    def global_event(obj, opcode, payload):
        if obj == registry and opcode == 0:
            (name,) = struct.unpack_from("<I", payload)
            interface, offset = string_at(payload, 4)
            (version,) = struct.unpack_from("<I", payload, offset)
            globals_.setdefault(interface, (name, version))

    wayland.roundtrip(global_event)
    manager_interface = "zwlr_virtual_pointer_manager_v1"
    for needed in ("wl_seat", manager_interface):
        if needed not in globals_:
            sys.exit(f"virtual-pointer: the compositor has no {needed}")

    def bind(interface, version):
        name, _ = globals_[interface]
        new = wayland.new_id()
        wayland.request(registry, 0, struct.pack("<I", name) + string(interface) + struct.pack("<II", version, new))
        return new

    seat = bind("wl_seat", 1)
    manager = bind(manager_interface, 1)
    pointer = wayland.new_id()
    wayland.request(manager, 0, struct.pack("<II", seat, pointer))  # create_virtual_pointer(seat, id)
    wayland.roundtrip()
    print("ready", flush=True)
    # Held until a signal ends the process; the compositor's events to the seat are read and dropped.
    while True:
        wayland.event()


if __name__ == "__main__":
    main()
