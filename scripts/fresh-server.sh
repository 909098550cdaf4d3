# Sourced by the scripts that talk to a real server (readme-tour.sh,
# typescript-client.sh): `arbiter serve` on a free loopback port with its own
# data directory, stopped when the script exits.
#
#   source scripts/fresh-server.sh
#   arbiter_bin                       # $ARBITER_BIN, else the debug build
#   start_server DIR [serve args...]  # sets SERVER_BASE, SERVER_PID; DIR/data, DIR/serve.log
#   stop_server                       # also on exit
#
# The caller sets `set -euo pipefail` and ROOT (the repository).

arbiter_bin() {
    if [[ -z "${ARBITER_BIN:-}" ]]; then
        (cd "$ROOT" && cargo build --locked -q -p arbiter)
        ARBITER_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/debug/arbiter"
    fi
    # A relative path (a relative CARGO_TARGET_DIR, or `target/...` as the
    # test command passes it) is the repository's, wherever the caller is.
    [[ "$ARBITER_BIN" == /* ]] || ARBITER_BIN="$ROOT/$ARBITER_BIN"
    [[ -x "$ARBITER_BIN" ]] || { echo "no arbiter binary at $ARBITER_BIN" >&2; return 1; }
    export ARBITER_BIN
}

SERVER_PID=""
stop_server() {
    if [[ -n "$SERVER_PID" ]]; then
        kill -INT "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    SERVER_PID=""
}
trap stop_server EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Starts `arbiter serve` with DIR/data as its data directory and waits until
# it answers; its output goes to DIR/serve.log.
start_server() {
    local dir="$1" port
    shift
    mkdir -p "$dir"
    port="$(free_port)"
    SERVER_BASE="http://127.0.0.1:$port"
    "$ARBITER_BIN" serve --addr "127.0.0.1:$port" --data-dir "$dir/data" "$@" >"$dir/serve.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do
        curl -sf -o /dev/null "$SERVER_BASE/openapi.json" && return 0
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "the server did not start:" >&2
    cat "$dir/serve.log" >&2
    return 1
}
