#!/usr/bin/env bash
# The public pages in a real browser: Debian's headless Chromium
# and its chromedriver, axe-core from npm (pinned), and the browser test
# (tests/tests/browser), which plays one competition of each kind through
# the API on a fresh server (the same router as `arbiter serve`, a fake
# clock), marks them public and reads their pages as a person would.
#
#   scripts/browser-test.sh
#
# Installs, each only when missing: the `chromium` and `chromium-driver`
# packages (apt-get, as root or through sudo), and axe-core into
# .browser-test/node_modules (gitignored). Screenshots go to
# .browser-test/screenshots (gitignored; BROWSER_SHOTS to put them
# elsewhere). The README's test command runs it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
AXE_VERSION=4.11.4
WORK_DIR="$ROOT/.browser-test"
export BROWSER_SHOTS="${BROWSER_SHOTS:-$WORK_DIR/screenshots}"

t0=$SECONDS
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    SUDO=""
    [[ "$(id -u)" == 0 ]] || SUDO="sudo -n"
    echo "browser-test: installing chromium and chromium-driver (apt)"
    $SUDO env DEBIAN_FRONTEND=noninteractive timeout 600 apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive timeout 900 \
        apt-get install -y -qq chromium chromium-driver >/dev/null
fi
echo "browser-test: $(chromium --version 2>/dev/null); $(chromedriver --version | cut -d' ' -f1-2) ($((SECONDS - t0)) s)"

t1=$SECONDS
AXE_JS="$WORK_DIR/node_modules/axe-core/axe.min.js"
if [[ "$(node -p "require('$WORK_DIR/node_modules/axe-core/package.json').version" 2>/dev/null || true)" != "$AXE_VERSION" ]]; then
    command -v npm >/dev/null || { echo "browser-test: npm (Node.js) is needed" >&2; exit 1; }
    mkdir -p "$WORK_DIR"
    timeout 300 npm install --prefix "$WORK_DIR" --no-save --no-audit --no-fund --silent \
        "axe-core@$AXE_VERSION"
fi
export AXE_JS
echo "browser-test: axe-core $AXE_VERSION ($((SECONDS - t1)) s)"

WORK="$(mktemp -d)"
DRIVER=""
cleanup() {
    [[ -z "$DRIVER" ]] || kill "$DRIVER" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
chromedriver --port="$PORT" >"$WORK/chromedriver.log" 2>&1 &
DRIVER=$!
export WEBDRIVER_URL="http://127.0.0.1:$PORT"
for _ in $(seq 100); do
    curl -sf -o /dev/null "$WEBDRIVER_URL/status" && break
    sleep 0.1
done
curl -sf -o /dev/null "$WEBDRIVER_URL/status" || {
    echo "browser-test: chromedriver did not start:" >&2
    cat "$WORK/chromedriver.log" >&2
    exit 1
}

rm -rf "$BROWSER_SHOTS"
t2=$SECONDS
cargo test --locked -q -p arbiter-e2e --test browser -- --ignored --nocapture
echo "browser-test: the pages in Chromium ($((SECONDS - t2)) s); screenshots in $BROWSER_SHOTS"
