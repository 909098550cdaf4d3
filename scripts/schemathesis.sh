#!/usr/bin/env bash
# Schemathesis (PyPI, pinned) against a fresh `arbiter serve`: requests
# generated from docs/openapi.json, valid and invalid, for a bounded time per
# competition kind, with two checks on: no 5xx, and every answer fits the
# document's schema for its status. Installed once into .venv-schemathesis at
# the repository root (gitignored). The README's test command runs it.
#
#   scripts/schemathesis.sh                  # build the debug binary if needed
#   ARBITER_BIN=path scripts/schemathesis.sh
#   SCHEMATHESIS_SECONDS=60 scripts/schemathesis.sh   # per kind (default 8)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.venv-schemathesis"
VERSION=4.32.5
SECONDS_PER_KIND="${SCHEMATHESIS_SECONDS:-8}"

if [[ "$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null || true)" != "$VERSION" ]]; then
    "${PYTHON:-python3}" -m venv "$VENV"
    timeout 300 "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION"
fi
if [[ -z "${ARBITER_BIN:-}" ]]; then
    cargo build --locked -q -p arbiter
    ARBITER_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/debug/arbiter"
fi

WORK="$(mktemp -d)"
SERVER=""
cleanup() {
    [[ -z "$SERVER" ]] || kill -INT "$SERVER" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
BASE="http://127.0.0.1:$PORT"
"$ARBITER_BIN" serve --addr "127.0.0.1:$PORT" --data-dir "$WORK/data" \
    --lichess-url http://127.0.0.1:9 >"$WORK/serve.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do
    curl -sf -o /dev/null "$BASE/openapi.json" && break
    sleep 0.1
done
TOKEN="$("$ARBITER_BIN" token ann --role organizer --data-dir "$WORK/data")"

# One competition of each kind, so that the generated requests reach a kind's
# commands and resources and not only 404s; the organizer calls.
# The kinds are the build's own (`arbiter kinds`), so a new kind is covered.
mapfile -t KINDS < <("$ARBITER_BIN" kinds | cut -f1)
for kind in "${KINDS[@]}"; do
    curl -sf -o /dev/null -X POST "$BASE/v1/competitions" \
        -H "authorization: Bearer $TOKEN" -H 'content-type: application/json' \
        -d "{\"id\":\"st-$kind\",\"kind\":\"$kind\",\"name\":\"Schemathesis $kind\"}"
done

failed=0
for kind in "${KINDS[@]}"; do
    cat >"$WORK/schemathesis.toml" <<TOML
[parameters]
"path.id" = "st-$kind"
TOML
    echo "== schemathesis: $kind, ${SECONDS_PER_KIND} s"
    (cd "$WORK" && "$VENV/bin/st" run "$ROOT/docs/openapi.json" --url "$BASE" \
        -H "Authorization: Bearer $TOKEN" \
        --checks not_a_server_error,response_schema_conformance \
        --max-time "$SECONDS_PER_KIND" --workers 1 --seed 1 \
        --no-color --warnings off) || failed=1
done
if ((failed)); then
    echo "schemathesis: failures above; the server's log:" >&2
    tail -50 "$WORK/serve.log" >&2
    exit 1
fi
