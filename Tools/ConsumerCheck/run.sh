#!/usr/bin/env bash
# The consumer check: two packages made in a temporary folder from the templates beside
# this script, each depending on this repository by file:// URL at its HEAD, as an app
# depends on Baton by URL.
#
# - App takes BatonLens, BatonTransport, BatonImage and BatonTesting and the compiler's
#   plugin over a .graphql of its own, built in release; its first launch fetches through
#   the recorded transport into an image under a directory that does not exist yet, and its
#   relaunch draws from the image over a transport that never answers.
# - StoreOnly takes BatonStore alone; its binary must link neither SQLite nor zlib.
#
# Usage: Tools/ConsumerCheck/run.sh [repository]   (default: this script's repository).
# Only committed work is seen: the packages resolve the repository's HEAD.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "${1:-$here/../..}" && pwd)
swift=${SWIFT:-swift}
revision=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d "${TMPDIR:-/tmp}/baton-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT

# SwiftPM names a package by its URL's last component: the clone is `baton`, as the
# repository is, so the templates say `package: "baton"` as an app's manifest does.
git clone --quiet --no-checkout "$repo" "$work/baton"
url="file://$work/baton"

make_package() {  # template name → a package directory in $work
    cp -R "$here/$1" "$work/$1"
    sed -e "s|@BATON_URL@|$url|" -e "s|@BATON_REVISION@|$revision|" "$here/$1/Package.swift.in" > "$work/$1/Package.swift"
    rm "$work/$1/Package.swift.in"
}

fail() { echo "consumer check: $*" >&2; exit 1; }

echo "consumer check: App (Lens, Transport, Image, Testing, the plugin) at ${revision:0:12}"
make_package App
# In release, as an app ships: the optimizer's code is what a user runs.
"$swift" build --package-path "$work/App" -c release -Xswiftc -warnings-as-errors
app=$("$swift" build --package-path "$work/App" -c release --show-bin-path)/App
image="$work/app-support/not/yet/made/baton.sqlite"
"$app" "$image" "$work/App/Responses" first
[ -f "$image" ] || fail "the first launch left no image at $image"
"$app" "$image" "$work/App/Responses" relaunch

echo "consumer check: StoreOnly (BatonStore alone)"
make_package StoreOnly
"$swift" build --package-path "$work/StoreOnly" -Xswiftc -warnings-as-errors
binary=$("$swift" build --package-path "$work/StoreOnly" --show-bin-path)/StoreOnly
"$binary"
if ldd "$binary" | grep -Ei 'libsqlite3|libz\.'; then
    fail "the Store-only binary links SQLite or zlib (above)"
fi
bin=$("$swift" build --package-path "$work/StoreOnly" --show-bin-path)
for module in BatonImage BatonTransport BatonLens; do
    # SwiftPM lays out a folder for every target of the graph; only built ones hold objects.
    if [ -n "$(find "$bin/$module.build" -name '*.o' 2>/dev/null | head -1)" ]; then
        fail "the Store-only package compiled $module"
    fi
done
echo "consumer check: passed (App drew from its image on relaunch; StoreOnly links neither SQLite nor zlib)"
