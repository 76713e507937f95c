#!/usr/bin/env bash
# The README's examples use the document under its "# Character.graphql" line;
# Tests/BatonReadmeTests compiles a copy of it through the plugin and runs the examples against
# it. With --check (make lint), fails when the copy is not the README's block; without, writes
# the copy from the README.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
copy="$root/Tests/BatonReadmeTests/Character.graphql"
block=$(awk '/^# Character.graphql$/ { inside = 1; next } inside && /^```/ { exit } inside' "$root/README.md")
if [ -z "$block" ]; then
    echo "readme-document: README.md has no block under a '# Character.graphql' line" >&2
    exit 1
fi
if [ "${1:-}" = "--check" ]; then
    if ! diff <(printf '%s\n' "$block") "$copy" >&2; then
        echo "readme-document: $copy is not the README's Character.graphql (above); run Tools/Docs/readme-document.sh" >&2
        exit 1
    fi
else
    printf '%s\n' "$block" > "$copy"
fi
