#!/usr/bin/env bash
# swift-format over every Swift file of the repository, with the root's .swift-format.
#
#   Tools/Docs/format-all.sh          rewrites the files in place (`make format`)
#   Tools/Docs/format-all.sh --lint   changes nothing; fails on any finding (`make lint`)
#
# The files: Package.swift and every .swift file under the directories below. swift-format
# skips hidden directories, so .build (plugin outputs included), .swiftpm and .venv are never
# read; the compiler's goldens end in .swift.golden and are not Swift files to it.
# SWIFT_FORMAT overrides the swift-format beside the swift driver.
set -euo pipefail
cd "$(dirname "$0")/../.."

paths=(Package.swift Packages Tests Benchmarks Examples Fuzz Tools)
swift=${SWIFT:-swift}
swift_format=${SWIFT_FORMAT:-$(dirname "$(readlink -f "$(command -v "$swift")")")/swift-format}

case "${1:-}" in
    --lint) exec "$swift_format" lint --strict --parallel --recursive --configuration .swift-format "${paths[@]}" ;;
    "") exec "$swift_format" format --in-place --parallel --recursive --configuration .swift-format "${paths[@]}" ;;
    *) echo "usage: $0 [--lint]" >&2; exit 2 ;;
esac
