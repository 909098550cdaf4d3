#!/usr/bin/env bash
# The TypeScript client package (clients/typescript, `@arbiter/client`):
# its copy of the API document must be docs/openapi.json (refreshed here, and
# a stale committed copy fails); the types are generated from it by
# openapi-typescript, the package and its compile-time checks built with tsc,
# and its example run with Node against a fresh `arbiter serve`: it creates a
# competition and reads it back. Packages from the npm registry, pinned by
# package-lock.json.
#
#   scripts/typescript-client.sh                     # builds the debug binary if needed
#   ARBITER_BIN=path scripts/typescript-client.sh    # an already built binary
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/fresh-server.sh"
cd "$ROOT/clients/typescript"
command -v npm >/dev/null || { echo "typescript-client: npm (Node.js 20+) is needed" >&2; exit 1; }

stale=0
node tools/sync-openapi.mjs --check || stale=1
npm run -s sync-openapi
if ((stale)); then
    echo "typescript-client: the committed clients/typescript/openapi.json was stale (now refreshed; commit it)" >&2
    exit 1
fi
workspace="$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' "$ROOT/Cargo.toml")"
package="$(node -p 'require("./package.json").version')"
[[ "$package" == "$workspace" ]] || {
    echo "typescript-client: package.json's version $package is not the workspace's $workspace (Cargo.toml)" >&2
    exit 1
}

if [[ ! -d node_modules ]] || ! npm ls --silent >/dev/null 2>&1; then
    timeout 300 npm ci --no-audit --no-fund --silent
fi
npm run -s build >/dev/null
npm run -s typecheck
echo "typescript-client: the package builds and its types check against openapi.json"

arbiter_bin
WORK="$(mktemp -d)"
trap 'stop_server; rm -rf "$WORK"' EXIT
start_server "$WORK"
TOKEN="$("$ARBITER_BIN" token alice --role organizer --data-dir "$WORK/data")"
ARBITER_URL="$SERVER_BASE" ARBITER_TOKEN="$TOKEN" node examples/create-and-read.mjs
echo "typescript-client: the example ran against a fresh arbiter serve"
