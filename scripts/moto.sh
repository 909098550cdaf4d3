#!/usr/bin/env bash
# A local DynamoDB-compatible server (moto, requests serialised: see
# SERIAL_SERVER below) for the store's DynamoDB tests.
#
#   eval "$(scripts/moto.sh)"     # install if needed, start, export ARBITER_DYNAMO_ENDPOINT
#   cargo test -p arbiter-store
#   scripts/moto.sh stop          # stop the server this script started
#   scripts/moto.sh status        # "running on PORT" or "not running" (exit code 1)
#
# Idempotent: the venv (.venv-moto at the repository root, gitignored) is made
# and moto installed only when missing; a server already answering on the
# port is reused. It listens on loopback only. The port is 5599 unless
# MOTO_PORT says otherwise. Only the `export ...` line goes to stdout; progress
# goes to stderr.
set -euo pipefail

MOTO_VERSION="5.2.5"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv-moto"
PORT="${MOTO_PORT:-5599}"
HOST="127.0.0.1"
URL="http://$HOST:$PORT"
PIDFILE="$VENV/moto-$PORT.pid"
LOG="$VENV/moto-$PORT.log"

# `moto_server`, with two changes for the store's tests (moto is pinned, so
# the internals this leans on do not move):
#
# 1. One request at a time. moto's DynamoDB backend is not thread-safe: under
#    concurrent writers its TransactWriteItems fails with "dictionary changed
#    size during iteration" (HTTP 500), and a condition check and the write it
#    guards are not atomic, so two conditional appends of one version could
#    both succeed. Real DynamoDB serialises them; one lock around the
#    application does the same here. Connections are still served by threads,
#    so keep-alive clients do not block each other.
# 2. A cheap rollback copy. Before every TransactWriteItems moto deep-copies
#    the whole table once per action, so the cost of an append grows with the
#    table (8 writers appending 1,000 commits took 7.5 minutes). Transactions
#    without an Update action (the store never sends one) roll back from a
#    copy of the table's item maps instead: Put and Delete replace or remove
#    items in those maps and never change an item in place.
SERIAL_SERVER='
import collections, copy, os, signal, sys, threading, types
from werkzeug.serving import run_simple
from moto.moto_server.werkzeug_app import (
    DomainDispatcherApplication, MotoRequestHandler, create_backend_app)
import moto.dynamodb.models as ddb
from moto.dynamodb.models.table import Table

def table_copy(x, memo=None):
    if not isinstance(x, Table):
        return copy.deepcopy(x, memo)
    t = copy.copy(x)
    t.items = collections.defaultdict(dict)
    for h, v in x.items.items():
        t.items[h] = dict(v) if isinstance(v, dict) else v
    return t

cheap = types.SimpleNamespace(deepcopy=table_copy, copy=copy.copy)
original = ddb.DynamoDBBackend.transact_write_items

def transact_write_items(self, items):
    if any("Update" in i for i in items):
        return original(self, items)
    ddb.copy = cheap  # safe: requests run one at a time
    try:
        return original(self, items)
    finally:
        ddb.copy = copy

ddb.DynamoDBBackend.transact_write_items = transact_write_items

host, port = sys.argv[1], int(sys.argv[2])
os.environ.setdefault("MOTO_PORT", str(port))
app = DomainDispatcherApplication(create_backend_app)
lock = threading.Lock()

def serial(environ, start_response):
    with lock:
        return list(app(environ, start_response))

signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
run_simple(host, port, serial, threaded=True, request_handler=MotoRequestHandler)
'

say() { echo "moto.sh: $*" >&2; }

answers() {
    # moto's own API answers only on a moto server (and /moto-api/config is
    # cheap, unlike data.json, which dumps every table).
    curl -sf -o /dev/null --max-time 5 "$URL/moto-api/config"
}

port_busy() {
    (exec 3<>"/dev/tcp/$HOST/$PORT") 2>/dev/null
}

# The pid of the server this script started on PORT, if it still runs.
running_pid() {
    [[ -f "$PIDFILE" ]] || return 1
    local pid
    pid="$(cat "$PIDFILE")"
    [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null &&
        grep -qa "moto.moto_server" "/proc/$pid/cmdline" 2>/dev/null && echo "$pid"
}

install() {
    local python="${PYTHON:-python3}"
    if [[ ! -x "$VENV/bin/python" ]]; then
        say "creating $VENV"
        "$python" -m venv "$VENV"
    fi
    if [[ ! -x "$VENV/bin/moto_server" ]] ||
        [[ "$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("moto"))' 2>/dev/null)" != "$MOTO_VERSION" ]]; then
        say "installing moto[server]==$MOTO_VERSION (about 1.5 minutes the first time)"
        "$VENV/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$MOTO_VERSION" >&2
    fi
}

start() {
    local pid
    if answers; then
        say "a moto server already answers on $URL"
    elif port_busy; then
        if pid="$(running_pid)"; then
            say "the moto started earlier (pid $pid) holds port $PORT but does not answer;" \
                "run '$0 stop' and start again"
        else
            say "port $PORT is in use by another program; choose another with MOTO_PORT"
        fi
        exit 1
    else
        install
        say "starting moto on $URL (log: $LOG)"
        # setsid: the server outlives this script and the shell that ran it.
        setsid "$VENV/bin/python" -c "$SERIAL_SERVER" "$HOST" "$PORT" >"$LOG" 2>&1 </dev/null &
        pid=$!
        local waited=0
        until answers; do
            if ! kill -0 "$pid" 2>/dev/null; then
                say "moto exited; its log:"
                tail -n 20 "$LOG" >&2 || true
                exit 1
            fi
            if ((waited >= 600)); then
                kill "$pid" 2>/dev/null || true
                say "moto did not answer within 60 s; log: $LOG"
                exit 1
            fi
            sleep 0.1
            waited=$((waited + 1))
        done
        echo "$pid" >"$PIDFILE"
        say "moto is up (pid $pid)"
    fi
    echo "export ARBITER_DYNAMO_ENDPOINT=$URL"
}

stop() {
    local pid
    if pid="$(running_pid)"; then
        kill "$pid"
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        # Python's shutdown can take long with a big in-memory state.
        kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
        say "stopped moto (pid $pid) on port $PORT"
    elif answers; then
        say "a moto server answers on $URL but was not started by this script; left alone"
    else
        say "no moto server on port $PORT"
    fi
    rm -f "$PIDFILE"
}

case "${1:-start}" in
start) start ;;
stop) stop ;;
status)
    if answers; then
        echo "running on $PORT"
    else
        echo "not running"
        exit 1
    fi
    ;;
*)
    echo "usage: $0 [start|stop|status]" >&2
    exit 2
    ;;
esac
