#!/bin/sh
# Builds the libFuzzer targets with swiftc (SwiftPM has no fuzzer sanitizer):
#   $OUT/fuzz-document  the GraphQL document and SDL parsers
#   $OUT/fuzz-ingest    the Ingest and the JSON reader
#   $OUT/fuzz-row       the image's row decoder
# BatonRecords and BatonNormalize are compiled as modules with coverage and AddressSanitizer;
# the row decoder is internal to BatonImage, so what it needs is compiled into the fuzzer's
# own module: BatonImage's Rows/ (the row format, encoder and decoder, CellScratch, Names,
# KeyArray) and SQLite/ (Connection, Statement, Schema, SQLiteVersion) folders, and
# StoreImage/ImageError.swift (the error Connection throws).
# Usage: Fuzz/build.sh [OUT]   (FUZZ_OPT=-O or -Onone, default -O)
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-.build/fuzz}
OPT=${FUZZ_OPT:--O}
SWIFTC_BIN=${SWIFTC:-swiftc}
# swiftc, with the linker's notes on ASan's local symbols (harmless, one per target) dropped.
SWIFTC() {
    log=$(mktemp)
    status=0
    "$SWIFTC_BIN" "$@" >"$log" 2>&1 || status=$?
    grep -v "ld.gold: warning: Cannot export local symbol '__asan" "$log" || true
    rm -f "$log"
    return $status
}
FLAGS="$OPT -wmo -parse-as-library -swift-version 6 -warnings-as-errors -sanitize=fuzzer,address -gline-tables-only"
mkdir -p "$OUT/modules"
M="$OUT/modules"

module() { # name, source directory, extra flags
    name=$1; dir=$2; shift 2
    SWIFTC $FLAGS "$@" -I "$M" -module-name "$name" -emit-module -emit-module-path "$M/$name.swiftmodule" \
        -c -o "$M/$name.o" $(find "$dir" -name '*.swift' | sort)
}

echo "fuzz: building modules ($OPT)"
module BatonRecords Packages/Records/Sources/BatonRecords
module BatonNormalize Packages/Normalize/Sources/BatonNormalize

echo "fuzz: linking targets"
SWIFTC $FLAGS -I "$M" -module-name DocumentFuzz Fuzz/Targets/DocumentFuzz.swift \
    "$M/BatonRecords.o" "$M/BatonNormalize.o" -o "$OUT/fuzz-document"
SWIFTC $FLAGS -I "$M" -module-name IngestFuzz Fuzz/Targets/IngestFuzz.swift \
    "$M/BatonRecords.o" "$M/BatonNormalize.o" -o "$OUT/fuzz-ingest"
IMAGE=Packages/Image/Sources/BatonImage
SWIFTC $FLAGS -I "$M" -I Packages/Image/Sources/CSQLite -module-name RowFuzz Fuzz/Targets/RowFuzz.swift \
    $(find "$IMAGE/Rows" "$IMAGE/SQLite" -name '*.swift' | sort) "$IMAGE/StoreImage/ImageError.swift" \
    "$M/BatonRecords.o" -lsqlite3 -o "$OUT/fuzz-row"
echo "fuzz: built $OUT/fuzz-document $OUT/fuzz-ingest $OUT/fuzz-row"
