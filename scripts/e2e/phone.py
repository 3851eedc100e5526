#!/usr/bin/env python3
"""A phone as the Apple app will be one, for the end-to-end runs: it pairs with a family server by a
`lockout family pair` code and pushes its day's health totals as `healthTotals` mutations, through the
same HTTP API (docs/server.md) and in the same JSON.

    phone.py pair STATE CODE NAME [--mode childDevice|personalDevice]
        redeems the pairing code as a new device named NAME, keeps its credentials in STATE,
        and pushes its registration
    phone.py push STATE DAY STEPS [--energy KCAL] [--exercise MIN] [--read-at ISO] [--record-device ID]
        pushes the totals of DAY (YYYY-MM-DD) read now (or at --read-at); --record-device names another
        device in the record's id (a forgery the server must refuse); prints the server's result:
        `applied`, `duplicate`, or `rejected: REASON`

Exits non-zero, with the server's refusal on stderr, when the server refuses the request itself.
"""
import argparse
import base64
import datetime
import json
import sys
import urllib.error
import urllib.request
import uuid


def call(server, method, path, body, token=None):
    request = urllib.request.Request(server.rstrip("/") + path, method=method, data=json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    request.add_header("Accept", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        sys.exit(f"phone: the server refused ({error.code}): {error.read().decode(errors='replace')}")


def push(state, mutation):
    answer = call(state["server"], "POST", "/v1/mutations", {"mutations": [mutation]}, state["token"])
    result = answer["results"][0]
    return result["status"] + (": " + result["reason"] if result.get("reason") else "")


def pair(args):
    text = args.code.strip()
    prefix = "lockout-pair:"
    if not text.startswith(prefix):
        sys.exit("phone: not a pairing code")
    encoded = text[len(prefix):]
    code = json.loads(base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)))
    device = str(uuid.uuid4()).upper()
    credentials = call(code["s"], "POST", "/v1/pairings/redeem", {
        "familyID": code["f"], "secret": code["k"], "deviceID": device, "deviceName": args.name, "mode": args.mode,
    })
    state = {"server": code["s"], "token": credentials["token"], "deviceID": device, "name": args.name, "mode": args.mode}
    with open(args.state, "w") as file:
        json.dump(state, file)
    registration = json.dumps({"id": device, "name": args.name, "mode": args.mode}, sort_keys=True)
    print(push(state, {"id": str(uuid.uuid4()), "type": "device", "recordID": device, "deleted": False, "body": registration}))


def totals(args):
    with open(args.state) as file:
        state = json.load(file)
    read_at = args.read_at or datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    record = {
        "deviceID": state["deviceID"], "deviceName": state["name"], "date": args.day,
        "steps": args.steps, "activeEnergy": args.energy, "exerciseMinutes": args.exercise, "readAt": read_at,
    }
    owner = args.record_device or state["deviceID"]
    print(push(state, {
        "id": str(uuid.uuid4()), "type": "healthTotals", "recordID": f"{owner}/{args.day}", "localDate": args.day,
        "deleted": False, "body": json.dumps(record, sort_keys=True),
    }))


def main():
    parser = argparse.ArgumentParser(description="A simulated phone pushing health totals to a LockOut family server.")
    commands = parser.add_subparsers(dest="command", required=True)
    pairing = commands.add_parser("pair")
    pairing.add_argument("state")
    pairing.add_argument("code")
    pairing.add_argument("name")
    pairing.add_argument("--mode", default="childDevice", choices=["childDevice", "personalDevice"])
    pairing.set_defaults(run=pair)
    pushing = commands.add_parser("push")
    pushing.add_argument("state")
    pushing.add_argument("day")
    pushing.add_argument("steps", type=float)
    pushing.add_argument("--energy", type=float, default=0)
    pushing.add_argument("--exercise", type=float, default=0)
    pushing.add_argument("--read-at")
    pushing.add_argument("--record-device")
    pushing.set_defaults(run=totals)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
