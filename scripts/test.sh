#!/usr/bin/env bash
# The whole test suite, with everything it needs installed and started, on a
# fresh clone: formatting, the OpenAPI document against its specification,
# lints, every test on both stores (a local DynamoDB-compatible server is
# installed and started here), the Dutch editions against bbpPairings on
# every tournament of the fixed sets, the shell blocks of the README and the guides
# against fresh servers, the public pages in a real browser, the TypeScript
# client, and the deployment checks (template lint, `sam build` of every
# Lambda function).
#
#   scripts/test.sh                        # everything
#   SKIP_DEPLOY_CHECKS=1 scripts/test.sh   # without the template lint and `sam build`
#
# This is the README's test command; .ci/run runs exactly this. It reads
# nothing outside the repository. Each step's time is printed at the end.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

started=$SECONDS
STEP=""
STEP_START=$SECONDS
TIMES=()
step() {
    end_step
    STEP="$1"
    STEP_START=$SECONDS
    printf '\n== %s (%s)\n' "$STEP" "$(date -u +%H:%M:%S)"
}
end_step() {
    [[ -z "$STEP" ]] || TIMES+=("$(printf '%6d s  %s' $((SECONDS - STEP_START)) "$STEP")")
    STEP=""
}
summary() {
    local rc=$1
    end_step
    echo
    echo "== step times (slowest first)"
    printf '%s\n' "${TIMES[@]}" | sort -rn
    echo "== disk: $(df -h . | awk 'NR == 2 { print $4 " free" }'), target $(du -sh "${CARGO_TARGET_DIR:-target}" 2>/dev/null | cut -f1)"
    if ((rc == 0)); then
        echo "== all green in $((SECONDS - started)) s"
    else
        echo "== FAILED (exit $rc) after $((SECONDS - started)) s"
    fi
}
# The exit status is taken first: stopping moto would replace it.
trap 'rc=$?; scripts/moto.sh stop >/dev/null 2>&1 || true; summary "$rc"' EXIT

step "rustfmt"
cargo fmt --all -- --check

step "OpenAPI document (openapi-spec-validator)"
scripts/openapi-check.sh

step "clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "local DynamoDB-compatible server (moto, loopback)"
eval "$(scripts/moto.sh)"
echo "ARBITER_DYNAMO_ENDPOINT=$ARBITER_DYNAMO_ENDPOINT"

step "the Standard Webhooks library (PyPI, pinned, a venv)"
eval "$(scripts/standard-webhooks.sh)"

step "libfaketime (apt), the Lambda path's clock"
# tests/tests/lambda_path.rs moves the Lambda functions' wall clock with it.
if [[ ! -e /usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 && ! -e /usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1 ]]; then
    SUDO=""
    [[ $(id -u) -eq 0 ]] || SUDO="sudo"
    $SUDO env DEBIAN_FRONTEND=noninteractive timeout 600 apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq libfaketime >/dev/null
fi

step "build the tests"
# Also the debug arbiter-lambda binary (lambda/tests/ is an integration test
# of it), which the Lambda path (tests/tests/lambda_path.rs) runs.
cargo test --workspace --locked --no-run
test -x "${CARGO_TARGET_DIR:-target}/debug/arbiter-lambda"

step "tests (both stores)"
cargo test --workspace --locked

step "the Dutch 2017 and 2026 editions against bbpPairings: all 2,000 tournaments (release build)"
# The test step compares the tournaments of up to 24 players; every one of
# the fixed sets (8,491 rounds per edition) takes minutes in a release build;
# each edition's tally is printed.
ARBITER_BBP_FULL=1 cargo test --release --locked -p arbiter-domain --test swiss_bbpairings -- --nocapture

step "the shell blocks of the README and the guides, each against a fresh arbiter serve"
ARBITER_BIN="${CARGO_TARGET_DIR:-target}/debug/arbiter" scripts/readme-tour.sh

step "schemathesis against a fresh arbiter serve (no 5xx, answers fit the document)"
ARBITER_BIN="${CARGO_TARGET_DIR:-target}/debug/arbiter" scripts/schemathesis.sh

step "the public pages in headless Chromium (chromedriver, axe-core, 375 px)"
scripts/browser-test.sh

step "the TypeScript client package (openapi-typescript, tsc, its example against a fresh server)"
ARBITER_BIN="${CARGO_TARGET_DIR:-target}/debug/arbiter" scripts/typescript-client.sh

if [ "${SKIP_DEPLOY_CHECKS:-0}" != "1" ]; then
    step "deployment checks (cfn-lint, sam validate, sam build)"
    scripts/deploy-checks.sh
fi
end_step
