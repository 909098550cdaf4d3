#!/usr/bin/env bash
# The README and the guides, run as a reader would run them: every ```sh
# block of README.md, then of each docs/guides/*.md, verbatim and in order,
# each file against a fresh `arbiter serve` on its own port and data
# directory. A block preceded by `<!-- not in the tour: REASON -->` is left
# out (the server itself, the test command, the load test, the AWS deploy),
# and says why.
#
#   scripts/readme-tour.sh                    # build the debug binary if needed, then run all
#   ARBITER_BIN=path scripts/readme-tour.sh   # use an already built binary
#   scripts/readme-tour.sh docs/guides/swiss.md   # only the files named
#   TOUR_LOGS=dir scripts/readme-tour.sh      # keep each file's full output in dir
#
# Each file's server is started with the options of the file's first
# `cargo run ... -p arbiter -- serve OPTIONS` (a guide that reaches deadlines
# shows a rehearsal clock there: `--clock T --clock-rate N`), on the tour's
# own port and data directory.
#
# Two commands are stood in for, so the tour takes seconds and talks only to
# its own server:
# - `cargo run [-q] --release -p arbiter -- ARGS` runs `$ARBITER_BIN ARGS`
#   (the same program; the `--release` only makes it faster);
# - `curl` is the real curl, pointed from http://127.0.0.1:3000 to the tour's
#   server, and it fails the tour on any answer that is not 2xx unless the
#   file shows that refusal in the comment right after the command
#   (`# {..."status":403,...}`).
# Every other command runs as written. The server's data directory reaches
# `arbiter token` through ARBITER_DATA_DIR, as it would for a reader who set it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/fresh-server.sh
arbiter_bin

if (($#)); then
    FILES=("$@")
else
    FILES=(README.md docs/guides/*.md)
fi

WORK="$(mktemp -d)"
trap 'stop_server; rm -rf "$WORK"' EXIT

# A file's blocks, as one bash script: each command announced, run verbatim,
# and the refusal the file shows after it (if any) expected of its curl.
# Also writes the options of the file's first `serve` to $2.
cat >"$WORK/blocks.py" <<'EOF'
import re, shlex, subprocess, sys


def complete(text):
    """Whether `text` is whole commands: not cut inside a function, loop or quote."""
    check = subprocess.run(["bash", "-n"], input=text, capture_output=True, text=True)
    return not re.search("unexpected (end of file|EOF)", check.stderr)


text = open(sys.argv[1], encoding="utf-8").read()
serve_options = None
for line in text.split("\n"):
    found = re.search(r"\bcargo run .*-p arbiter -- serve\b(.*)$", line)
    if found and serve_options is None:
        serve_options = shlex.split(found.group(1))
with open(sys.argv[2], "w") as out:
    out.write("\n".join(serve_options or []))

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
    # Logical commands: continuation lines, and the lines of a function or a
    # loop, joined; comments between commands kept apart.
    commands = []  # [command text, expected status or None]
    current = []
    for line in block:
        if not current and (line.lstrip().startswith("#") or not line.strip()):
            status = re.search(r'"status":\s*(\d{3})', line)
            if status and commands and commands[-1][1] is None:
                commands[-1][1] = status.group(1)
            continue
        current.append(line)
        text = "\n".join(current)
        if not line.rstrip().endswith("\\") and complete(text):
            commands.append([text, None])
            current = []
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
        echo "readme-tour: HTTP $code (the text shows ${TOUR_EXPECT:-a success}) for: curl $*" >&2
        exit 1
    fi
    if [[ -n "${TOUR_EXPECT:-}" && "$code" != "$TOUR_EXPECT" ]]; then
        echo "readme-tour: HTTP $code where the text shows $TOUR_EXPECT for: curl $*" >&2
        exit 1
    fi
}
EOF

# One file against its own server.
tour() {
    local file="$1" dir="$WORK/$(basename "$file" .md)-$RANDOM" options=() started=$SECONDS
    if ! grep -q '^```sh' "$file"; then
        echo "== $file: no shell blocks"
        return
    fi
    mkdir -p "$dir"
    python3 "$WORK/blocks.py" "$file" "$dir/options" >"$dir/tour.sh"
    mapfile -t options <"$dir/options"
    export ARBITER_DATA_DIR="$dir/data"
    # No Lichess here: an ACWC registration by account would reach this closed port.
    # The Telegram bot of the README's Nomic game, its answers sent to a closed port.
    ARBITER_TELEGRAM_TOKEN=123:dev ARBITER_TELEGRAM_WEBHOOK_SECRET=local-secret \
    ARBITER_TELEGRAM_API_URL=http://127.0.0.1:9 \
        start_server "$dir" --lichess-url http://127.0.0.1:9 "${options[@]}"
    grep -q -- "token alice --role organizer --data-dir $ARBITER_DATA_DIR" "$dir/serve.log" || {
        echo "readme-tour: serve did not print a token command for its data directory:" >&2
        cat "$dir/serve.log" >&2
        return 1
    }
    echo "== $file${options[*]:+ (serve ${options[*]})}"
    if TOUR_BASE="$SERVER_BASE" bash -c 'source "$1"; cd "$2"; source "$3"' tour \
        "$WORK/prelude.sh" "$ROOT" "$dir/tour.sh" >"$dir/tour.log" 2>&1; then
        grep -E '^(\$ |-- )' "$dir/tour.log"
        [[ -z "${TOUR_LOGS:-}" ]] || { mkdir -p "$TOUR_LOGS" && cp "$dir/tour.log" "$TOUR_LOGS/$(basename "$file" .md).log"; }
        echo "readme-tour: every block of $file ran as it shows ($((SECONDS - started)) s)"
        stop_server
    else
        cat "$dir/tour.log"
        echo "readme-tour: $file FAILED (server log: below)" >&2
        tail -n 30 "$dir/serve.log" >&2
        return 1
    fi
}

for file in "${FILES[@]}"; do
    tour "$file"
done
echo "readme-tour: ${#FILES[@]} files, every block ran as written"
