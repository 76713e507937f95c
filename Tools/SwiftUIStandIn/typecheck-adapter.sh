#!/usr/bin/env bash
# Type-checks Baton's SwiftUI adapters on Linux: builds the stand-in `SwiftUI` module beside
# this script, then type-checks every BatonLens source with it on the module search path,
# so `canImport(SwiftUI)` holds and the adapter compiles as it would on Apple platforms
# (Swift 6 mode, complete concurrency checking, warnings as errors), emitting that BatonLens
# (with its SwiftUI part) as a module; then type-checks the wrappers' usage samples (Samples/)
# and every BatonTesting source against it
# and the stand-in (the preview's `View.baton(_:)`); and BatonLens once more beside each of the
# UIKit and AppKit stand-ins (UIKit/, AppKit/), so each branch of the app-activity adapter
# (`canImport(UIKit)`, `canImport(AppKit)`) type-checks; and BatonImage's SQLite shim with Apple
# SQLite's file-protection flags (SQLite/). Needs the workspace's debug build
# (`swift build`) for the modules BatonLens and BatonTesting import.
#
# Usage: Tools/SwiftUIStandIn/typecheck-adapter.sh [repository]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "${1:-$here/../..}" && pwd)
swift=${SWIFT:-swift}
modules=$("$swift" build --package-path "$repo" --show-bin-path)/Modules
[ -d "$modules" ] || { echo "typecheck-adapter: no build at $modules: run swift build first" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/baton-swiftui.XXXXXX")
trap 'rm -rf "$work"' EXIT

flags=(-swift-version 6 -strict-concurrency=complete -warnings-as-errors)

# BatonImage's SQLite shim as it compiles over Apple's SQLite, whose file-protection open
# flags (the stand-in SQLite/AppleFileProtection.h) Linux's sqlite3.h lacks. Its Swift side
# (StoreImage.FileProtection, FileProtectionType) type-checks in every build: corelibs
# Foundation declares FileProtectionType too.
echo '#include "shim.h"' | "${CLANG:-clang}" -fsyntax-only -Wall -Werror -x c \
    -include "$here/SQLite/AppleFileProtection.h" -I "$repo/Packages/Image/Sources/CSQLite" -
echo "typecheck-adapter: BatonImage's SQLite shim compiles its file-protection flags against Apple's"
swiftc -emit-module -parse-as-library -module-name SwiftUI "${flags[@]}" \
    -emit-module-path "$work/SwiftUI.swiftmodule" "$here/SwiftUI/SwiftUI.swift"

mapfile -t sources < <(find "$repo/Packages/Lens/Sources/BatonLens" -name "*.swift" | sort)
adapters=$(grep -l '^#if canImport(SwiftUI)' "${sources[@]}" | wc -l)
[ "$adapters" -gt 0 ] || { echo "typecheck-adapter: no file of BatonLens is behind canImport(SwiftUI)" >&2; exit 1; }
swiftc -emit-module -parse-as-library -module-name BatonLens "${flags[@]}" -I "$work" -I "$modules" \
    -emit-module-path "$work/BatonLens.swiftmodule" "${sources[@]}"
echo "typecheck-adapter: BatonLens with its $adapters SwiftUI file(s) type-checks against the stand-in"

for platform in UIKit AppKit; do
    platform_adapters=$(grep -l "canImport($platform)" "${sources[@]}" | wc -l)
    [ "$platform_adapters" -gt 0 ] || { echo "typecheck-adapter: no file of BatonLens is behind canImport($platform)" >&2; exit 1; }
    mkdir -p "$work/$platform"
    swiftc -emit-module -parse-as-library -module-name "$platform" "${flags[@]}" \
        -emit-module-path "$work/$platform/$platform.swiftmodule" "$here/$platform/$platform.swift"
    swiftc -typecheck -parse-as-library -module-name BatonLens "${flags[@]}" -I "$work/$platform" -I "$modules" "${sources[@]}"
    echo "typecheck-adapter: BatonLens with its $platform_adapters $platform file(s) type-checks against the $platform stand-in"
done

mapfile -t samples < <(find "$here/Samples" -name "*.swift" | sort)
swiftc -typecheck -parse-as-library -module-name WrapperSamples "${flags[@]}" -I "$work" -I "$modules" "${samples[@]}"
echo "typecheck-adapter: the wrappers' ${#samples[@]} usage sample file(s) type-check against the stand-in"

mapfile -t testing < <(find "$repo/Packages/Testing/Sources/BatonTesting" -name "*.swift" | sort)
testing_adapters=$(grep -l '^#if canImport(SwiftUI)' "${testing[@]}" | wc -l)
[ "$testing_adapters" -gt 0 ] || { echo "typecheck-adapter: no file of BatonTesting is behind canImport(SwiftUI)" >&2; exit 1; }
swiftc -typecheck -parse-as-library -module-name BatonTesting "${flags[@]}" -I "$work" -I "$modules" "${testing[@]}"
echo "typecheck-adapter: BatonTesting with its $testing_adapters SwiftUI file(s) type-checks against the stand-in"
