#!/usr/bin/env bash
# Load check of `arbiter serve` on loopback with wrk (Debian package `wrk`):
# a create-and-read mix (1 create in 5 requests, 4 reads of existing
# competitions), then the store operations the server counted.
#
#   scripts/loadtest.sh [SECONDS] [CONNECTIONS] [THREADS]
#
# Builds the release binary, serves on 127.0.0.1:3901 with a fresh data
# directory and no schedules, and stops it afterwards.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
DURATION="${1:-20}"
CONNECTIONS="${2:-64}"
THREADS="${3:-2}"
PORT=3901
command -v wrk >/dev/null || { echo "install wrk (apt-get install wrk)" >&2; exit 1; }
# ARBITER_BIN: an already built binary (skips the build).
if [ -z "${ARBITER_BIN:-}" ]; then
    cargo build --release -q -p arbiter
fi
BIN="${ARBITER_BIN:-${CARGO_TARGET_DIR:-target}/release/arbiter}"
DATA="$(mktemp -d)"
trap 'kill -INT "$SERVER" 2>/dev/null || true; rm -rf "$DATA"' EXIT
"$BIN" serve --addr "127.0.0.1:$PORT" --data-dir "$DATA" --no-schedules > "$DATA/serve.log" 2>&1 &
SERVER=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/openapi.json" >/dev/null && break; sleep 0.1; done
export TOKEN="$("$BIN" token loadtest --role organizer --data-dir "$DATA")"
for i in $(seq 0 9); do
    curl -sf -X POST "http://127.0.0.1:$PORT/v1/competitions" -H "Authorization: Bearer $TOKEN" \
        -H 'Content-Type: application/json' -d "{\"id\":\"seed-$i\",\"kind\":\"nomic\",\"name\":\"seed $i\"}" >/dev/null
done
cat > "$DATA/mix.lua" <<'LUA'
local token = os.getenv("TOKEN")
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("tid", counter)
end
function init(args)
  n = 0
  post_headers = { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }
  get_headers = { ["Authorization"] = "Bearer " .. token }
end
function request()
  n = n + 1
  if n % 5 == 0 then
    local body = string.format('{"id":"lt-%d-%d","kind":"nomic","name":"load"}', tid, n)
    return wrk.format("POST", "/v1/competitions", post_headers, body)
  end
  return wrk.format("GET", "/v1/competitions/seed-" .. (n % 10), get_headers)
end
LUA
echo "wrk: ${DURATION}s, $CONNECTIONS connections, $THREADS threads, $(nproc) cores"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$DATA/mix.lua" "http://127.0.0.1:$PORT"
kill -INT "$SERVER"; wait "$SERVER" || true
grep "store operations" "$DATA/serve.log"
