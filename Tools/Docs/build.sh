#!/usr/bin/env bash
# Builds each public module's documentation with the toolchain's docc, offline, into
# .build/docs/<Module>.doccarchive, and fails on any docc warning.
#
#   Tools/Docs/build.sh BatonRecords BatonStore ...   (the Makefile passes DOC_MODULES)
#
# Each module is built with `swift build --target` and the flags in SWIFT_BUILD_FLAGS (the
# Makefile passes the ones `make build` uses, so after `make build` nothing recompiles). Its
# symbol graph is extracted from the built module with swift-symbolgraph-extract, and docc
# converts the module's catalog (Packages/*/Sources/<Module>/<Module>.docc; a module without
# one gets a page per symbol and no landing page) with that graph. A second docc pass, over a
# graph that also holds the internal symbols, checks the doc comments no archive shows
# (links, parameters); its output is thrown away.
#
# Environment: SWIFT (default swift), SWIFT_BUILD_FLAGS (default `-Xswiftc -warnings-as-errors`,
# as the Makefile's STRICT), DOCS_OUTPUT (default .build/docs), DOCC and SYMBOLGRAPH_EXTRACT
# (default: beside the swift driver).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

swift=${SWIFT:-swift}
read -r -a build_flags <<< "${SWIFT_BUILD_FLAGS--Xswiftc -warnings-as-errors}"
output=${DOCS_OUTPUT:-.build/docs}
toolchain_bin=$(dirname "$(readlink -f "$(command -v "$swift")")")
docc=${DOCC:-$toolchain_bin/docc}
extract=${SYMBOLGRAPH_EXTRACT:-$toolchain_bin/swift-symbolgraph-extract}

if [ "$#" -eq 0 ]; then
    echo "usage: $0 MODULE..." >&2
    exit 2
fi
for tool in "$docc" "$extract"; do
    [ -x "$tool" ] || { echo "docs: no $tool (set DOCC or SYMBOLGRAPH_EXTRACT)" >&2; exit 1; }
done

mkdir -p "$output"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
started=$SECONDS

# Runs a command quietly; on failure prints what it said and stops.
quietly() {
    if ! "$@" >"$work/log" 2>&1; then
        cat "$work/log" >&2
        exit 1
    fi
}

# 1. The modules, built as `make build` builds them (a no-op after it).
for module in "$@"; do
    quietly "$swift" build --target "$module" "${build_flags[@]}"
done
bin=$("$swift" build --show-bin-path "${build_flags[@]}")
triple=$("$swift" -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)

# The C modules (CSQLite, CZlib) the Swift modules import, by their module maps.
clang_flags=()
while IFS= read -r map; do
    clang_flags+=(-Xcc "-fmodule-map-file=$root/$map")
done < <(find Packages -path '*/.build' -prune -o -path '*/Sources/*/module.modulemap' -print | sort)

# 2. Per module: symbol graphs (public for the archive, internal for the check), then docc.
for module in "$@"; do
    module_started=$SECONDS
    sources=(Packages/*/Sources/"$module")
    if [ "${#sources[@]}" -ne 1 ] || [ ! -d "${sources[0]}" ]; then
        echo "docs: no Packages/*/Sources/$module" >&2
        exit 1
    fi
    catalog=${sources[0]}/$module.docc
    catalog_args=()
    [ -d "$catalog" ] && catalog_args=("$catalog")

    for level in public internal; do
        rm -rf "$work/graphs-$level-$module"
        mkdir -p "$work/graphs-$level-$module"
        quietly "$extract" -module-name "$module" -target "$triple" -I "$bin/Modules" "${clang_flags[@]}" \
            -minimum-access-level "$level" -output-dir "$work/graphs-$level-$module"
    done

    rm -rf "$output/$module.doccarchive"
    quietly "$docc" convert "${catalog_args[@]}" \
        --additional-symbol-graph-dir "$work/graphs-public-$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "baton.$module" \
        --output-path "$output/$module.doccarchive" --warnings-as-errors
    # docc's exit status is the gate; a warning printed without failing it would still be one.
    if grep -q 'warning:' "$work/log"; then cat "$work/log" >&2; exit 1; fi

    quietly "$docc" convert \
        --additional-symbol-graph-dir "$work/graphs-internal-$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "baton.$module.internal" \
        --output-path "$work/internal-$module.doccarchive" --no-transform-for-static-hosting --warnings-as-errors
    if grep -q 'warning:' "$work/log"; then cat "$work/log" >&2; exit 1; fi

    echo "docs: $module -> $output/$module.doccarchive ($((SECONDS - module_started)) s)"
done
echo "docs: $# modules in $((SECONDS - started)) s, no warnings"
