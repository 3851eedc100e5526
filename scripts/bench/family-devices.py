#!/usr/bin/env python3
"""Creates N child devices on a family server, in families of a parent and three children, and writes a
wrk script that pushes each device's day summary in turn: `family-devices.py URL N OUT.lua [--sealed]`.
Used by server-load.sh.

With --sealed the family is end-to-end encrypted as the server sees it: every device sends its public keys,
the parent commits epoch 1 of each child's scope (signed with Ed25519 over the wraps' digests, as the
devices do; the wraps themselves are opaque to the server, so random bytes stand in), and each push carries
a sealed body of the 1 KiB bucket with its scope, epoch and a writer counter that grows per device. Each wrk
thread pushes its own devices, so a device's counters arrive in order, as from one device's outbox."""
import base64, hashlib, json, os, struct, sys, urllib.request, uuid

url, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sealed = "--sealed" in sys.argv[4:]

def call(path, body, token=None, method="POST"):
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(), method=method,
                                     headers={"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request) as answer:
        data = answer.read()
        return json.loads(data) if data else None

def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

def text(value):  # BinaryWriter: a 4-byte big-endian length and the bytes
    data = value if isinstance(value, bytes) else value.encode()
    return struct.pack(">I", len(data)) + data

def send_keys(token):
    """Sends new public keys; returns the signing key and the keys' digest (DevicePublicKeys.digest)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    signing = Ed25519PrivateKey.generate()
    agreement, verifying = os.urandom(32), signing.public_key().public_bytes_raw()
    call("/v1/keys", {"agreement": b64(agreement), "signing": b64(verifying)}, token, method="PUT")
    return signing, hashlib.sha256(b"lockout/e2e/device-keys/v1" + agreement + verifying).digest()

def commit_child_scope(parent, signing, child, key_digests):
    """Epoch 1 of child:CHILD for the child and the parent, signed by the parent; key_digests names each
    member's keys."""
    members = sorted([child, parent["deviceID"]])
    scope = "child:" + child
    wraps, digests = [], []
    for member in members:
        encapsulated, ciphertext = os.urandom(32), os.urandom(48)
        wraps.append({"recipient": member, "encapsulatedKey": b64(encapsulated), "ciphertext": b64(ciphertext)})
        digests.append(hashlib.sha256(text("lockout/e2e/epoch-wrap/v1") + uuid.UUID(member).bytes + text(encapsulated)
                                      + text(ciphertext)).digest())
    signed = text("lockout/e2e/epoch-commit/v1") + uuid.UUID(parent["familyID"]).bytes + text(scope) + struct.pack(">I", 1)
    signed += struct.pack(">I", len(members)) + b"".join(uuid.UUID(m).bytes + text(key_digests[m]) + text(d)
                                                         for m, d in zip(members, digests))
    signed += b"\x00" + uuid.UUID(parent["deviceID"]).bytes
    call("/v1/epochs", {"family": parent["familyID"], "scope": scope, "epoch": 1, "members": members,
                        "memberKeys": [b64(key_digests[m]) for m in members],
                        "wrapDigests": [b64(d) for d in digests], "wraps": wraps, "signer": parent["deviceID"],
                        "signature": b64(signing.sign(signed))}, parent["token"])

def sealed_body():
    """A well-formed container of the 1 KiB bucket: suite, salt, commitment, nonce, ciphertext, tag."""
    return "e1." + b64(bytes([1]) + os.urandom(16 + 32 + 12 + 1024 + 16))

devices = []
for index in range(count):
    if index % 3 == 0:
        parent = call("/v1/families", {"deviceID": str(uuid.uuid4()).upper(), "deviceName": "Load parent", "mode": "parentDevice"})
        parent_signing, parent_digest = send_keys(parent["token"]) if sealed else (None, None)
    pairing = call("/v1/pairings", {"mode": "childDevice"}, parent["token"])
    device = str(uuid.uuid4()).upper()
    child = call("/v1/pairings/redeem", {"familyID": parent["familyID"], "secret": pairing["secret"], "deviceID": device,
                                         "deviceName": "Child %d" % index, "mode": "childDevice"})
    if sealed:
        _, child_digest = send_keys(child["token"])
        commit_child_scope(parent, parent_signing, device, {parent["deviceID"]: parent_digest, device: child_digest})
    devices.append((device, child["token"]))

if sealed:
    lua = ["devices = {"] + ['  {id = "%s", token = "%s", body = "%s", counter = 0},' % (d, t, sealed_body()) for d, t in devices] + ["}", """
-- Each wrk thread pushes the devices of its own parity, so each device's counters grow in order.
local threads = {}
function setup(thread)
  thread:set("parity", #threads % 2)
  table.insert(threads, thread)
end
math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)
local function uuid()
  local r = math.random
  return string.format("%04X%04X-%04X-4%03X-8%03X-%04X%04X%04X", r(0, 0xffff), r(0, 0xffff), r(0, 0xffff),
    r(0, 0xfff), r(0, 0xfff), r(0, 0xffff), r(0, 0xffff), r(0, 0xffff))
end
counter = 0
request = function()
  counter = counter + 1
  local index = (counter * 2 + (parity or 0)) % #devices + 1
  local device = devices[index]
  device.counter = device.counter + 1
  local day = "2026-11-24"
  local body = string.format('{"mutations":[{"id":"%s","type":"dailySummary","recordID":"%s/%s","localDate":"%s","deleted":false,"body":"%s","keyScope":"child:%s","keyEpoch":1,"writerCounter":%d}]}',
    uuid(), device.id, day, day, device.body, device.id, device.counter)
  return wrk.format("POST", "/v1/mutations", {["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. device.token}, body)
end
"""]
    with open(out, "w") as handle:
        handle.write("\n".join(lua))
    print(len(devices))
    sys.exit(0)

lua = ["devices = {"] + ['  {id = "%s", token = "%s"},' % d for d in devices] + ["}", """
counter = 0
-- Each wrk thread has its own Lua state: seed each differently (the table's address), or two threads
-- would send the same mutation ids.
math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)
local function uuid()
  local r = math.random
  return string.format("%04X%04X-%04X-4%03X-8%03X-%04X%04X%04X", r(0, 0xffff), r(0, 0xffff), r(0, 0xffff),
    r(0, 0xfff), r(0, 0xfff), r(0, 0xffff), r(0, 0xffff), r(0, 0xffff))
end
request = function()
  counter = counter + 1
  local device = devices[(counter % #devices) + 1]
  local day = "2026-11-24"
  local summary = string.format('{\\\\"deviceID\\\\":\\\\"%s\\\\",\\\\"date\\\\":\\\\"%s\\\\",\\\\"breaksCompleted\\\\":%d,\\\\"breaksSkipped\\\\":1,\\\\"focusMinutes\\\\":50,\\\\"steps\\\\":6240,\\\\"gateOpened\\\\":false,\\\\"learningSeconds\\\\":0,\\\\"rewardSeconds\\\\":0,\\\\"points\\\\":0,\\\\"appsUsed\\\\":{},\\\\"lastUpdated\\\\":\\\\"2026-11-24T10:00:00Z\\\\"}', device.id, day, counter % 20)
  local body = string.format('{"mutations":[{"id":"%s","type":"dailySummary","recordID":"%s/%s","localDate":"%s","deleted":false,"body":"%s"}]}',
    uuid(), device.id, day, day, summary)
  return wrk.format("POST", "/v1/mutations", {["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. device.token}, body)
end
"""]
with open(out, "w") as handle:
    handle.write("\n".join(lua))
# And one that reads: each device asks for its own registration (GET /v1/devices).
reads = ["devices = {"] + ['  {id = "%s", token = "%s"},' % d for d in devices] + ["}", """
counter = 0
request = function()
  counter = counter + 1
  local device = devices[(counter % #devices) + 1]
  return wrk.format("GET", "/v1/devices", {["Authorization"] = "Bearer " .. device.token})
end
"""]
with open(out.replace(".lua", "-read.lua"), "w") as handle:
    handle.write("\n".join(reads))
print(len(devices))
