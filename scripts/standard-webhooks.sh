#!/usr/bin/env bash
# The Standard Webhooks reference library for Python (`standardwebhooks`, pinned,
# from PyPI), in a venv the webhook interoperability test runs:
#
#   eval "$(scripts/standard-webhooks.sh)"   # install if needed, export the python
#   cargo test -p arbiter-e2e --test e2e standard_webhooks::
#
# Idempotent and bounded: the venv (.venv-webhooks at the repository root,
# gitignored) is made and the package installed only when missing, within two
# minutes. Only the `export ...` line goes to stdout; progress goes to stderr.
set -euo pipefail

VERSION="1.1.0"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv-webhooks"
PY="$VENV/bin/python"

say() { echo "standard-webhooks.sh: $*" >&2; }

installed() {
    [[ -x "$PY" ]] &&
        [[ "$("$PY" -c 'import importlib.metadata as m; print(m.version("standardwebhooks"))' 2>/dev/null)" == "$VERSION" ]]
}

if ! installed; then
    if [[ ! -x "$PY" ]]; then
        say "creating $VENV"
        "${PYTHON:-python3}" -m venv "$VENV"
    fi
    say "installing standardwebhooks==$VERSION (a few seconds)"
    timeout 120 "$VENV/bin/pip" install --quiet --disable-pip-version-check \
        "standardwebhooks==$VERSION" >&2
fi
echo "export ARBITER_STANDARD_WEBHOOKS_PYTHON=$PY"
