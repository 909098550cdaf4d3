#!/usr/bin/env bash
# The whole test suite, with everything it needs installed and started, on a
# fresh clone: formatting, lints, every test on both stores (a local
# DynamoDB-compatible server is installed and started here), and the
# deployment checks (template lint, Lambda builds).
#
#   scripts/test.sh            # everything
#   SKIP_DEPLOY_CHECKS=1 scripts/test.sh   # without the template lint and Lambda builds
#
# This is the README's test command; .ci/run runs exactly this.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }
started=$(date +%s)

step "rustfmt"
cargo fmt --all -- --check

step "clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "local DynamoDB-compatible server (moto, loopback)"
eval "$(scripts/moto.sh)"
trap 'scripts/moto.sh stop >/dev/null 2>&1 || true' EXIT
echo "ARBITER_DYNAMO_ENDPOINT=$ARBITER_DYNAMO_ENDPOINT"

step "tests (both stores)"
# The issue's figure for the store race: 8 writers, 1,000 commits, on moto too.
export ARBITER_DYNAMO_RACE="${ARBITER_DYNAMO_RACE:-1000}"
cargo test --workspace --locked

if [ "${SKIP_DEPLOY_CHECKS:-0}" != "1" ]; then
    step "deployment checks"
    scripts/deploy-checks.sh
fi

step "all green in $(( $(date +%s) - started )) s"
