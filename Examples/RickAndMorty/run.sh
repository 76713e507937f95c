#!/usr/bin/env bash
# `make example`: builds the example, starts the local GraphQL server on a free port, runs the
# example twice over one image (the first launch writes it, the second draws the pages merged from it
# before the network answers), then stops the server and removes the image.
# SWIFT overrides the toolchain's driver; EXAMPLE_FLAGS the example's flags (default --trace).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
swift="${SWIFT:-swift}"
flags=(${EXAMPLE_FLAGS:---trace})

"$repo/Tools/TestServer/setup.sh"
# SwiftPM plans again only when the root package changes, not when a file is added to or
# removed from a layer package the example depends on by path: without a new plan, an
# existing .build compiles the old file list. A touched manifest makes the plan anew.
touch "$here/Package.swift"
"$swift" build --package-path "$here" -Xswiftc -warnings-as-errors
binary="$("$swift" build --package-path "$here" --show-bin-path)/rick-and-morty"

work="$(mktemp -d "${TMPDIR:-/tmp}/baton-rick-and-morty.XXXXXX")"
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

"$repo/.venv/bin/python" "$repo/Tools/TestServer/server.py" --port 0 >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
port=""
for _ in $(seq 100); do
    port="$(head -n 1 "$work/server.out" 2>/dev/null || true)"
    [[ -n "$port" ]] && break
    sleep 0.1
done
if [[ -z "$port" ]]; then
    echo "the test server did not start:" >&2
    cat "$work/server.err" >&2
    exit 1
fi
endpoint="http://127.0.0.1:$port/graphql"

echo "=== first launch (empty image)"
"$binary" --endpoint "$endpoint" --image "$work/image" "${flags[@]}"
echo
echo "=== second launch (same image)"
"$binary" --endpoint "$endpoint" --image "$work/image" "${flags[@]}"
