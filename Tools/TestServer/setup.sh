#!/usr/bin/env bash
# Creates <repo>/.venv with the test server's requirements. Idempotent: when the venv
# already has them (a stamp records the requirements' hash) it returns at once.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="$repo/.venv"
req="$here/requirements.txt"
stamp="$venv/.baton-test-server-requirements"
want="$(sha256sum "$req" | cut -d' ' -f1)"
if [[ -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
    exit 0
fi
python="${BATON_PYTHON_BOOTSTRAP:-python3}"
[[ -x "$venv/bin/python" ]] || "$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$req"
"$venv/bin/python" -c 'import graphql; assert graphql.__version__.startswith("3.2."), graphql.__version__'
"$venv/bin/python" -c 'import websockets.sync.server'
echo "$want" > "$stamp"
echo "test server environment ready: $venv"
