#!/usr/bin/env bash
# The family server against its own OpenAPI document: a real `lockout serve` on loopback, a parent's
# token, and schemathesis sending generated and malformed requests to every route, with every check it
# runs by default. No answer may be a 5xx; every answer must match the document (status, content type,
# headers and body, each event of the event stream); every request the document calls invalid must be
# refused with a 4xx, and every request it calls valid taken, or refused only for what the stored data
# decides (401, 403, 404, 409, 429), never with a 400; every method a route does not declare must answer
# 405 with `Allow`. The event stream, which never ends by design, is read up to its first event. Deleting
# the family is left out: it would end the token every other route is tested with (the authorization
# tests cover it).
set -euo pipefail
cd "$(dirname "$0")/../.."

bin=${LOCKOUT_BIN:-.build/debug/lockout}
root=$(mktemp -d "${TMPDIR:-/tmp}/lockout-api-schema.XXXXXX")
server_pid=""
cleanup() { [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true; rm -rf "$root"; }
trap cleanup EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
"$bin" serve --data-dir "$root" --port "$port" --device-rate 5000 --open-rate 5000 >"$root/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.1; done
device=$(python3 -c 'import uuid; print(str(uuid.uuid4()).upper())')
token=$(curl -sf -X POST -H 'Content-Type: application/json' \
    -d "{\"deviceID\":\"$device\",\"deviceName\":\"Schema parent\",\"mode\":\"parentDevice\"}" "$url/v1/families" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')

# A refusal of invalid data is any 4xx the document lists for the route: 413 for a batch over 400 mutations.
# The device routes get the parent's own id, so that they reach the storage instead of a 404 (renaming it
# works; deleting or revoking the family's only parent is refused with 403).
cat >"$root/schemathesis.toml" <<TOML
[parameters]
"path.id" = "$device"

[checks.negative_data_rejection]
expected-statuses = [400, 401, 403, 404, 405, 409, 413, 429]

# An event stream never ends: each request reads its first event (ready) and checks it against the document.
[[operations]]
include-path = "/v1/events"
max-stream-events = 1
request-timeout = 10
TOML
# The revoke route's nested body (epoch commits with their wraps) is slow to generate when the machine is busy
# with the other end-to-end runs: the checker's own health check on its generator's speed is not about the server.
# The checker's coverage phase names each generator by parsing the source of its lambdas, and on Python
# before 3.11.8 that parse can fail ("AST constructor recursion depth mismatch", a CPython defect) under the
# revoke route's nested body. The name is only for display: a failed parse names it "lambda" instead.
python3 -c '
import sys
import hypothesis.internal.lambda_sources as sources
describe = sources.lambda_description
def lambda_description(function):
    try:
        return describe(function)
    except SystemError:
        return "lambda"
sources.lambda_description = lambda_description
sys.argv[0] = "st"
import schemathesis.cli
schemathesis.cli.schemathesis()
' \
    --config-file "$root/schemathesis.toml" run "$url/openapi.yaml" -H "Authorization: Bearer $token" \
    --exclude-path-regex "^/v1/family$" --max-examples "${LOCKOUT_SCHEMA_EXAMPLES:-60}" --workers 2 --seed 1 \
    --suppress-health-check=too_slow || {
    echo "--- server log"; tail -n 50 "$root/server.log"
    exit 1
}
if grep -q ' error ' "$root/server.log"; then
    echo "api-schema: the server logged errors:"; grep ' error ' "$root/server.log"
    exit 1
fi
echo "api-schema: passed"
