#!/usr/bin/env bash
# The README, run as a reader would run it: every ```sh block of README.md,
# verbatim and in order, against a fresh `arbiter serve` on its own port and
# data directory. A block preceded by `<!-- not in the tour: REASON -->` is
# left out (the server itself, the test command, the load test, the AWS
# deploy), and says why.
#
#   scripts/readme-tour.sh            # build the debug binary if needed, then run
#   ARBITER_BIN=path scripts/readme-tour.sh   # use an already built binary
#
# Two commands are stood in for, so the tour takes seconds and talks only to
# its own server:
# - `cargo run [-q] --release -p arbiter -- ARGS` runs `$ARBITER_BIN ARGS`
#   (the same program; the README's `--release` only makes it faster);
# - `curl` is the real curl, pointed from the README's http://127.0.0.1:3000
#   to the tour's server, and it fails the tour on any answer that is not
#   2xx unless the README shows that refusal in the comment right after the
#   command (`# {..."status":403,...}`).
# Every other command runs as written. The server's data directory reaches
# `arbiter token` through ARBITER_DATA_DIR, as it would for a reader who set it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [[ -z "${ARBITER_BIN:-}" ]]; then
    cargo build --locked -q -p arbiter
    ARBITER_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/debug/arbiter"
fi
[[ -x "$ARBITER_BIN" ]] || { echo "readme-tour: no binary at $ARBITER_BIN" >&2; exit 1; }
export ARBITER_BIN

WORK="$(mktemp -d)"
SERVER=""
cleanup() {
    [[ -z "$SERVER" ]] || kill -INT "$SERVER" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

export ARBITER_DATA_DIR="$WORK/data"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
export TOUR_BASE="http://127.0.0.1:$PORT"
# No Lichess here: an ACWC registration by account would reach this closed port.
# The Telegram bot of the README's Nomic game, its answers sent to a closed port.
ARBITER_TELEGRAM_TOKEN=123:dev ARBITER_TELEGRAM_WEBHOOK_SECRET=local-secret \
ARBITER_TELEGRAM_API_URL=http://127.0.0.1:9 \
"$ARBITER_BIN" serve --addr "127.0.0.1:$PORT" --lichess-url http://127.0.0.1:9 \
    >"$WORK/serve.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do
    curl -sf -o /dev/null "$TOUR_BASE/openapi.json" && break
    sleep 0.1
done
curl -sf -o /dev/null "$TOUR_BASE/openapi.json" || {
    echo "readme-tour: the server did not start:" >&2
    cat "$WORK/serve.log" >&2
    exit 1
}
grep -q -- "token alice --role organizer --data-dir $ARBITER_DATA_DIR" "$WORK/serve.log" || {
    echo "readme-tour: serve did not print a token command for its data directory:" >&2
    cat "$WORK/serve.log" >&2
    exit 1
}

# The blocks, as one bash script: each command announced, run verbatim, and
# the refusal the README shows after it (if any) expected of its curl.
python3 - README.md >"$WORK/tour.sh" <<'EOF'
import re, shlex, sys

text = open(sys.argv[1], encoding="utf-8").read()
blocks = []
skip = None  # the reason of a marker right before the next block
lines = text.split("\n")
i = 0
while i < len(lines):
    line = lines[i].strip()
    marker = re.fullmatch(r"<!-- not in the tour: (.*) -->", line)
    if marker:
        skip = marker.group(1)
    elif line == "```sh":
        j = i + 1
        while lines[j].strip() != "```":
            j += 1
        if skip is None:
            blocks.append(lines[i + 1 : j])
        else:
            print(f"echo {shlex.quote('-- left out: ' + skip)}")
        skip = None
        i = j
    elif line:
        skip = None
    i += 1

print(f"echo '-- {len(blocks)} blocks'")
for block in blocks:
    # Logical commands: continuation lines joined; comments kept apart.
    commands = []  # [command text, expected status or None]
    current = []
    for line in block:
        if current:
            current.append(line)
            if not line.rstrip().endswith("\\"):
                commands.append(["\n".join(current), None])
                current = []
            continue
        if line.lstrip().startswith("#") or not line.strip():
            status = re.search(r'"status":\s*(\d{3})', line)
            if status and commands and commands[-1][1] is None:
                commands[-1][1] = status.group(1)
            continue
        if line.rstrip().endswith("\\"):
            current = [line]
        else:
            commands.append([line, None])
    for command, expected in commands:
        first = command.split("\n")[0]
        more = " ..." if "\n" in command else ""
        print(f"echo; echo {shlex.quote('$ ' + first + more)}")
        print(f"TOUR_EXPECT={expected or ''}")
        print(command)
        print("TOUR_EXPECT=")
EOF

cat >"$WORK/prelude.sh" <<'EOF'
set -euo pipefail
cargo() {
    # cargo run [-q] --release -p arbiter -- ARGS  ->  $ARBITER_BIN ARGS
    local args=("$@") i
    for i in "${!args[@]}"; do
        if [[ "${args[$i]}" == "--" ]]; then
            [[ "${args[*]:0:$i}" =~ ^run( -q)?( --release)?( -q)?\ -p\ arbiter$ ]] ||
                { echo "readme-tour: unexpected cargo command: cargo $*" >&2; exit 1; }
            "$ARBITER_BIN" "${args[@]:$((i + 1))}"
            return
        fi
    done
    echo "readme-tour: unexpected cargo command: cargo $*" >&2
    exit 1
}
curl() {
    local args=() a body code
    for a in "$@"; do args+=("${a//http:\/\/127.0.0.1:3000/$TOUR_BASE}"); done
    body="$(mktemp)"
    code="$(command curl -sS -o "$body" -w '%{http_code}' "${args[@]}")" || {
        echo "readme-tour: curl failed: curl $*" >&2
        exit 1
    }
    cat "$body"
    echo
    rm -f "$body"
    if [[ "$code" != 2?? && "$code" != "${TOUR_EXPECT:-}" ]]; then
        echo "readme-tour: HTTP $code (the README shows ${TOUR_EXPECT:-a success}) for: curl $*" >&2
        exit 1
    fi
    if [[ -n "${TOUR_EXPECT:-}" && "$code" != "$TOUR_EXPECT" ]]; then
        echo "readme-tour: HTTP $code where the README shows $TOUR_EXPECT for: curl $*" >&2
        exit 1
    fi
}
EOF

started=$SECONDS
if bash -c 'source "$1"; source "$2"' tour "$WORK/prelude.sh" "$WORK/tour.sh" >"$WORK/tour.log" 2>&1; then
    grep -E '^(\$ |-- )' "$WORK/tour.log"
    echo "readme-tour: every block ran as the README shows ($((SECONDS - started)) s)"
else
    cat "$WORK/tour.log"
    echo "readme-tour: FAILED (server log: below)" >&2
    tail -n 30 "$WORK/serve.log" >&2
    exit 1
fi
