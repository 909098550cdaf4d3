#!/usr/bin/env bash
# Deployment checks: lint the SAM template and run `sam build` exactly as the
# README says (every Lambda function, cargo-lambda, release, arm64), offline.
# CI runs it.
#
#   scripts/deploy-checks.sh             # install the tools if needed, lint, build
#   scripts/deploy-checks.sh --lint-only # install the tools if needed, lint
#
# Runs from any directory on a fresh machine with no manual steps. It installs
# pinned cfn-lint, aws-sam-cli and cargo-lambda (which brings zig) from PyPI
# into .venv-deploy at the repository root (gitignored), once. Nothing here
# talks to AWS: the region and the credentials are dummies.
#
# Environment:
#   CARGO_TARGET_DIR     where cargo-lambda builds (default: the workspace's
#                        target/, as for `sam build` on a developer's machine)
#   PYTHON               the python used to make the venv (default: python3)
#
# Every function in template.yaml is the one binary named in its
# BuildProperties.Binary (arbiter-lambda), with identical Metadata and CodeUri,
# so `sam build` runs `cargo lambda build --release --arm64 --bin
# arbiter-lambda` once and copies the artifact to each function; the
# function's Handler picks the handler at run time.
set -euo pipefail

CFN_LINT_VERSION="1.58.0"
SAM_CLI_VERSION="1.170.0"
CARGO_LAMBDA_VERSION="1.9.2"
ZIGLANG_VERSION="0.17.0"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.venv-deploy"
TEMPLATE="template.yaml"

LINT_ONLY=0
for arg in "$@"; do
    case "$arg" in
        --lint-only) LINT_ONLY=1 ;;
        -h | --help)
            sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        *)
            echo "deploy-checks: unknown argument '$arg' (try --help)" >&2
            exit 2
            ;;
    esac
done

# Offline AWS: dummy region and credentials, no profile, no instance metadata,
# no telemetry. The linters and the SAM transform never need AWS.
unset AWS_PROFILE AWS_SESSION_TOKEN AWS_SECURITY_TOKEN
export AWS_DEFAULT_REGION=us-east-1 AWS_REGION=us-east-1
export AWS_ACCESS_KEY_ID=deploy-checks-dummy AWS_SECRET_ACCESS_KEY=deploy-checks-dummy
export AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null
export AWS_EC2_METADATA_DISABLED=true SAM_CLI_TELEMETRY=0
# cargo-lambda finds `cargo-lambda` and zig (the ziglang package) in the venv.
export PATH="$VENV/bin:$PATH"

STEP="setup"
STEP_START=$SECONDS
TOTAL_START=$SECONDS
TIMINGS=()

say() { echo "deploy-checks: $*"; }
step() {
    STEP="$1"
    STEP_START=$SECONDS
    echo
    echo "==> $STEP"
}
done_step() {
    local took=$((SECONDS - STEP_START))
    TIMINGS+=("$(printf '%-50s %4ds' "$STEP" "$took")")
    say "$STEP: ok (${took}s)"
}
TRANSFORMED=""
on_exit() {
    local rc=$?
    [[ -z "$TRANSFORMED" ]] || rm -f "$TRANSFORMED"
    if ((rc != 0)); then
        echo >&2
        echo "deploy-checks: FAILED in step '$STEP' (exit $rc, after $((SECONDS - TOTAL_START))s)" >&2
    fi
}
trap on_exit EXIT
fail() {
    echo "deploy-checks: $*" >&2
    exit 1
}

# ---------------------------------------------------------------- 1. tools

step "install tools (pinned, PyPI) into .venv-deploy"
installed_version() { # package -> installed version or nothing
    "$VENV/bin/python" -c 'import importlib.metadata as m, sys
try: print(m.version(sys.argv[1]))
except m.PackageNotFoundError: pass' "$1" 2>/dev/null || true
}
if [[ ! -x "$VENV/bin/python" ]]; then
    say "creating $VENV"
    "${PYTHON:-python3}" -m venv "$VENV" || fail "could not create a venv with ${PYTHON:-python3} (is the venv module installed?)"
fi
if [[ "$(installed_version cfn-lint)" != "$CFN_LINT_VERSION" ||
    "$(installed_version aws-sam-cli)" != "$SAM_CLI_VERSION" ||
    "$(installed_version cargo-lambda)" != "$CARGO_LAMBDA_VERSION" ||
    "$(installed_version ziglang)" != "$ZIGLANG_VERSION" ]]; then
    say "pip install cfn-lint==$CFN_LINT_VERSION aws-sam-cli==$SAM_CLI_VERSION cargo-lambda==$CARGO_LAMBDA_VERSION ziglang==$ZIGLANG_VERSION (about 2 minutes the first time)"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check \
        "cfn-lint==$CFN_LINT_VERSION" \
        "aws-sam-cli==$SAM_CLI_VERSION" \
        "cargo-lambda==$CARGO_LAMBDA_VERSION" \
        "ziglang==$ZIGLANG_VERSION" ||
        fail "pip install failed (PyPI must be reachable)"
else
    say "already installed"
fi
say "$(cfn-lint --version)"
say "$(sam --version)"
say "$(cargo-lambda lambda --version)"
say "zig $(python-zig version)"
done_step

# ---------------------------------------------------------------- 2. lint

step "cfn-lint $TEMPLATE"
cfn-lint "$TEMPLATE" || fail "cfn-lint found problems in $TEMPLATE"
done_step

step "sam validate --lint -t $TEMPLATE"
sam validate --lint -t "$TEMPLATE" || fail "sam validate --lint found problems in $TEMPLATE"
done_step

# cfn-lint checks the SAM resources against SAM's schema but no longer runs
# the SAM transform. Run it here, offline (as CloudFormation will at deploy
# time, with the code locations `sam package` would write), and lint the
# CloudFormation it produces.
step "SAM transform (offline) + cfn-lint of its output"
TRANSFORMED="$(mktemp --suffix=.json)"
python - "$TEMPLATE" "$TRANSFORMED" <<'EOF' || fail "the SAM transform refused $TEMPLATE"
import json, sys
from samtranslator.model.exceptions import InvalidDocumentException
from samtranslator.translator.transform import transform
from samtranslator.yaml_helper import yaml_parse

class NoManagedPolicies:  # the template names no AWS managed policy by name
    def load(self):
        return {}

with open(sys.argv[1]) as f:
    template = yaml_parse(f.read())
for resource in template.get("Resources", {}).values():
    if resource.get("Type") == "AWS::Serverless::Function":
        resource["Properties"]["CodeUri"] = "s3://deploy-checks/code.zip"
try:
    out = transform(template, {}, NoManagedPolicies())
except InvalidDocumentException as e:
    for cause in e.causes:
        print(f"  {cause.message}", file=sys.stderr)
    sys.exit(1)
with open(sys.argv[2], "w") as f:
    json.dump(out, f, indent=1)
kinds = {}
for resource in out["Resources"].values():
    kinds[resource["Type"]] = kinds.get(resource["Type"], 0) + 1
print(f"{len(out['Resources'])} CloudFormation resources:")
for kind, n in sorted(kinds.items()):
    print(f"  {n:3d}  {kind}")
EOF
cfn-lint "$TRANSFORMED" || fail "cfn-lint found problems in the transformed template"
done_step

if ((LINT_ONLY)); then
    say "--lint-only: skipping the function builds"
else
    # ------------------------------------------------------------ 3. build

    step "resolve the function binary"
    # "LogicalId binary" per function: sam build writes .aws-sam/build/LogicalId.
    mapfile -t FUNCTIONS < <(python - "$TEMPLATE" <<'EOF'
import sys
from samtranslator.yaml_helper import yaml_parse
with open(sys.argv[1]) as f:
    template = yaml_parse(f.read())
for name, resource in template["Resources"].items():
    binary = resource.get("Metadata", {}).get("BuildProperties", {}).get("Binary")
    if resource.get("Type") == "AWS::Serverless::Function" and binary:
        print(name, binary)
EOF
    )
    ((${#FUNCTIONS[@]} > 0)) || fail "no BuildProperties.Binary in $TEMPLATE"
    mapfile -t BINS < <(printf '%s\n' "${FUNCTIONS[@]#* }" | sort -u)
    ((${#BINS[@]} == 1)) || fail "the functions name several binaries (${BINS[*]}): sam build would build each; every function is arbiter-lambda"
    WORKSPACE_BINS="$(cargo metadata --no-deps --format-version 1 |
        python -c 'import json, sys
for p in json.load(sys.stdin)["packages"]:
    for t in p["targets"]:
        if "bin" in t["kind"]:
            print(t["name"])')" || fail "cargo metadata failed"
    grep -qx -- "${BINS[0]}" <<<"$WORKSPACE_BINS" ||
        fail "template.yaml builds binary '${BINS[0]}', but no workspace crate has a binary of that name (binaries: $(echo $WORKSPACE_BINS))"
    say "${#FUNCTIONS[@]} functions, one binary: ${BINS[0]}"
    done_step

    step "aarch64 Rust target"
    has_aarch64() {
        [[ -d "$(rustc --print sysroot)/lib/rustlib/aarch64-unknown-linux-gnu/lib" ]]
    }
    if ! has_aarch64; then
        # A refused download answers at once; a hanging one must not stall CI.
        timeout 300 rustup target add aarch64-unknown-linux-gnu ||
            fail "the aarch64-unknown-linux-gnu Rust target is needed for the arm64 functions (rustup target add aarch64-unknown-linux-gnu)"
        has_aarch64 || fail "rustup did not install the aarch64-unknown-linux-gnu target"
    fi
    say "aarch64-unknown-linux-gnu target present"
    done_step

    step "sam build (${#FUNCTIONS[@]} functions of one binary, cargo-lambda, release, arm64)"
    # Exactly the README's command, with the project's samconfig.toml; its
    # output goes to .aws-sam/build as for a deploy.
    say "CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}"
    rm -rf .aws-sam/build
    sam build || fail "sam build failed"
    done_step

    step "bootstrap sizes"
    # The functions share one build: the built template points each
    # function's CodeUri at the one artifact folder.
    mapfile -t ARTIFACTS < <(python - .aws-sam/build/template.yaml <<'EOF'
import sys
from samtranslator.yaml_helper import yaml_parse
with open(sys.argv[1]) as f:
    template = yaml_parse(f.read())
for name, resource in template["Resources"].items():
    if resource.get("Type") == "AWS::Serverless::Function":
        print(name, resource["Properties"]["CodeUri"])
EOF
    )
    ((${#ARTIFACTS[@]} == ${#FUNCTIONS[@]})) || fail "the built template has ${#ARTIFACTS[@]} functions, the template ${#FUNCTIONS[@]}"
    mapfile -t FOLDERS < <(printf '%s\n' "${ARTIFACTS[@]#* }" | sort -u)
    say "${#ARTIFACTS[@]} functions share ${#FOLDERS[@]} artifact(s): ${FOLDERS[*]}"
    printf '%-32s %12s %9s  %s\n' artifact bytes MiB machine
    for folder in "${FOLDERS[@]}"; do
        f=".aws-sam/build/$folder/bootstrap"
        [[ -f "$f" ]] || fail "sam build did not produce $f"
        bytes="$(stat -c %s "$f")"
        # e_machine of the ELF header: 0xb7 aarch64, 0x3e x86_64.
        machine="$(python -c 'import sys
h = open(sys.argv[1], "rb").read(20)
m = int.from_bytes(h[18:20], "little") if h[:4] == b"\x7fELF" else -1
print({0xB7: "aarch64", 0x3E: "x86_64"}.get(m, "not an ELF for Linux?"))' "$f")"
        printf '%-32s %12d %9s  %s\n' "$folder" "$bytes" "$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')" "$machine"
        [[ "$machine" == aarch64 ]] || fail "$f is $machine, expected aarch64"
    done
    done_step
fi

echo
echo "==> timings"
for t in "${TIMINGS[@]}"; do echo "  $t"; done
echo "  $(printf '%-50s %4ds' total $((SECONDS - TOTAL_START)))"
say "passed"
