#!/usr/bin/env bash
# The typed-client check: TypeScript types generated from docs/openapi.json by
# openapi-typescript, and a small client (clients/typescript/src/client.ts)
# that sends one command and reads one view of each kind, type-checked with
# `tsc --noEmit`. A change of the document that breaks such a client fails
# here. Packages from the npm registry, pinned by package-lock.json.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT/clients/typescript"
command -v npm >/dev/null || { echo "typescript-client: npm (Node.js 20+) is needed" >&2; exit 1; }
if [[ ! -d node_modules ]] || ! npm ls --silent >/dev/null 2>&1; then
    timeout 300 npm ci --no-audit --no-fund --silent
fi
npm run -s check
echo "typescript-client: the client type-checks against docs/openapi.json"
