#!/usr/bin/env python3
"""Writes the known-answer vectors of LockOut's sealed bodies (Tests/Fixtures/e2e-vectors.json).

An implementation of its own of docs/family.md's container and envelope encoding, over the `cryptography`
package, so that the Swift code is checked against something it did not write: the Swift tests read the
committed file and must produce the same bytes. Run it only to add a vector; an existing vector never changes.
"""
import base64
import json
import struct
import sys
import uuid

from cryptography.hazmat.primitives import hashes, hmac
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

LABEL = b"lockout/e2e/envelope/v1"
INFO = b"lockout/e2e/record-keys/v1"
SIZES = [256, 1024, 2048, 4096, 8192, 16384, 32768]


def text(value):
    data = value.encode()
    return struct.pack(">I", len(data)) + data


def optional(value, encode):
    return b"\x00" if value is None else b"\x01" + encode(value)


def associated_data(e):
    return (text(LABEL.decode()) + uuid.UUID(e["family"]).bytes + text(e["scope"]) + struct.pack(">I", e["epoch"])
            + text(e["type"]) + text(e["recordID"]) + uuid.UUID(e["mutationID"]).bytes + uuid.UUID(e["writer"]).bytes
            + optional(e["target"], lambda t: uuid.UUID(t).bytes) + optional(e["localDate"], text)
            + (b"\x01" if e["deleted"] else b"\x00") + struct.pack(">Q", e["writerCounter"]))


def seal(plaintext, envelope, epoch_key, salt, nonce):
    size = next(s for s in SIZES if s > len(plaintext))
    padded = plaintext + b"\x80" + b"\x00" * (size - len(plaintext) - 1)
    keys = HKDF(algorithm=hashes.SHA256(), length=64, salt=salt, info=INFO).derive(epoch_key)
    aad = associated_data(envelope)
    mac = hmac.HMAC(keys[32:], hashes.SHA256())
    mac.update(aad)
    commitment = mac.finalize()
    sealed = ChaCha20Poly1305(keys[:32]).encrypt(nonce, padded, aad)  # ciphertext + tag
    container = bytes([1]) + salt + commitment + nonce + sealed
    return aad, "e1." + base64.urlsafe_b64encode(container).decode().rstrip("=")


def vector(name, plaintext, envelope, seed):
    epoch_key = bytes((seed + i) % 256 for i in range(32))
    salt = bytes((seed * 3 + i) % 256 for i in range(16))
    nonce = bytes((seed * 7 + i) % 256 for i in range(12))
    aad, body = seal(plaintext, envelope, epoch_key, salt, nonce)
    return {"name": name, "envelope": envelope, "epochKey": epoch_key.hex(), "salt": salt.hex(), "nonce": nonce.hex(),
            "plaintext": plaintext.hex(), "associatedData": aad.hex(), "body": body}


family = "6F1C2A3B-4D5E-4F60-8172-93A4B5C6D7E8"
child = "0A1B2C3D-4E5F-4061-8273-8495A6B7C8D9"
parent = "11111111-2222-4333-8444-555555555555"
vectors = [
    vector("a child's day summary", b'{"day":"2026-11-26","minutes":{"canary-7f3a9c":42},"steps":987654321}', {
        "family": family, "scope": "child:" + child, "epoch": 1, "type": "dailySummary", "recordID": child + "/2026-11-26",
        "mutationID": "9D2E1F30-4152-4637-8849-5A6B7C8D9EAF", "writer": child, "target": None, "localDate": "2026-11-26",
        "deleted": False, "writerCounter": 7}, 1),
    vector("a parent's command to a child", b'{"command":"block","program":"canary-7f3a9c"}', {
        "family": family, "scope": "child:" + child, "epoch": 3, "type": "command", "recordID": "C0FFEE00-1234-4567-89AB-CDEF01234567",
        "mutationID": "C0FFEE00-1234-4567-89AB-CDEF01234567", "writer": parent, "target": child, "localDate": None,
        "deleted": False, "writerCounter": 4294967296}, 2),
    vector("a deleted configuration, its empty body authenticated", b"", {
        "family": family, "scope": "parents", "epoch": 4294967295, "type": "configuration", "recordID": "b1inded-id",
        "mutationID": "00000000-0000-4000-8000-000000000001", "writer": parent, "target": child, "localDate": None,
        "deleted": True, "writerCounter": 1}, 3),
    vector("a person's health totals past the first size", ("é" * 200).encode(), {
        "family": family, "scope": "person:anna", "epoch": 2, "type": "healthTotals", "recordID": child + "/2026-11-25",
        "mutationID": "FEDCBA98-7654-4321-8FED-CBA987654321", "writer": child, "target": None, "localDate": "2026-11-25",
        "deleted": False, "writerCounter": 18446744073709551615}, 4),
]
json.dump({"vectors": vectors}, sys.stdout, indent=2)
print()
