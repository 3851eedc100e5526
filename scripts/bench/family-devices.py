#!/usr/bin/env python3
"""Creates N child devices on a family server, in families of a parent and three children, and writes a
wrk script that pushes each device's day summary in turn: `family-devices.py URL N OUT.lua`. Used by
server-load.sh."""
import json, sys, urllib.request, uuid

url, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def call(path, body, token=None):
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)

devices = []
for index in range(count):
    if index % 3 == 0:
        parent = call("/v1/families", {"deviceID": str(uuid.uuid4()).upper(), "deviceName": "Load parent", "mode": "parentDevice"})
    pairing = call("/v1/pairings", {"mode": "childDevice"}, parent["token"])
    device = str(uuid.uuid4()).upper()
    child = call("/v1/pairings/redeem", {"familyID": parent["familyID"], "secret": pairing["secret"], "deviceID": device,
                                         "deviceName": "Child %d" % index, "mode": "childDevice"})
    devices.append((device, child["token"]))

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
