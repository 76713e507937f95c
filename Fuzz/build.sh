#!/bin/sh
# Builds the libFuzzer targets with swiftc (SwiftPM has no fuzzer sanitizer):
#   $OUT/fuzz-document   the GraphQL executable-document parser (and printer, validation, plan)
#   $OUT/fuzz-schema     the SDL parser and schema builder
#   $OUT/fuzz-ingest     the Ingest and the JSON reader
#   $OUT/fuzz-row        the image's row decoder
#   $OUT/fuzz-multipart  Transport's multipart/mixed parser
#   $OUT/fuzz-sse        Transport's text/event-stream parser
#   $OUT/fuzz-websocket  Transport's RFC 6455 frame parser (and writer)
#   $OUT/fuzz-validator  the compiler's validator, against the spec's schema
# BatonRecords and BatonNormalize are compiled as modules with coverage and AddressSanitizer.
# What a target fuzzes that is internal, or whose module would bring more than it needs, is
# compiled into the fuzzer's own module instead:
# - fuzz-row: the row decoder is internal to BatonImage: its Rows/ (the row format, encoder and
#   decoder, CellScratch, Names, KeyArray) and SQLite/ (Connection, Statement, Schema,
#   SQLiteVersion) folders, and StoreImage/ImageError.swift (the error Connection throws).
# - fuzz-multipart, fuzz-sse, fuzz-websocket: the parsers' own files from BatonTransport, so
#   neither zlib nor OpenSSL (which the rest of the module links) is needed: MultipartParser
#   (+PartEnd) with JSONValueEnd (internal: where a JSON part ends); ServerSentEventParser;
#   WebSocket/ WebSocketFrameParser, WebSocketOpcode, WebSocketMessage, WebSocketProtocolError
#   and WebSocketFrameWriter (the round trip the target checks).
# - fuzz-validator: the Validator is internal to BatonCompiler: all of BatonCompiler's sources
#   but Introspection/SchemaDownload*.swift (the network download, which would link
#   FoundationNetworking for nothing the validator reaches).
# Fuzz/Targets/Support/SeedWriting.swift, the LLVMFuzzerInitialize that writes a target's seeds
# (BATON_FUZZ_WRITE_SEEDS), goes into each target that makes its own.
# A module or target is built again only when it is older than its sources or this script, so
# an OUT folder holds one optimization level (the Makefile: .build/fuzz -O, .build/fuzz-quick
# -Onone).
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

# True when $1 is missing or older than this script or any of the other arguments (files, or
# folders whose Swift files count): what is up to date is not built again.
stale() {
    output=$1; shift
    [ -e "$output" ] || return 0
    [ "$0" -nt "$output" ] && return 0
    for input in "$@"; do
        case $input in -*) continue ;; esac
        if [ -d "$input" ]; then
            [ -n "$(find "$input" -name '*.swift' -newer "$output" | head -1)" ] && return 0
        elif [ -e "$input" ] && [ "$input" -nt "$output" ]; then
            return 0
        fi
    done
    return 1
}

module() { # name, source directory, then the objects of the modules it imports
    name=$1; dir=$2; shift 2
    stale "$M/$name.o" "$dir" "$@" || return 0
    SWIFTC $FLAGS -I "$M" -module-name "$name" -emit-module -emit-module-path "$M/$name.swiftmodule" \
        -c -o "$M/$name.o" $(find "$dir" -name '*.swift' | sort)
}

# target, module name, then its sources and objects: $OUT/fuzz-<target>.
target() {
    name=$1; moduleName=$2; shift 2
    stale "$OUT/fuzz-$name" "$@" || return 0
    SWIFTC $FLAGS -I "$M" -module-name "$moduleName" "$@" -o "$OUT/fuzz-$name"
}

echo "fuzz: building modules ($OPT)"
module BatonRecords Packages/Records/Sources/BatonRecords
RECORDS="$M/BatonRecords.o"
module BatonNormalize Packages/Normalize/Sources/BatonNormalize "$RECORDS"
NORMALIZE="$M/BatonNormalize.o"

echo "fuzz: linking targets"
# The LLVMFuzzerInitialize of the targets that write their own seeds.
SEEDS=Fuzz/Targets/Support/SeedWriting.swift
target document DocumentFuzz Fuzz/Targets/DocumentFuzz.swift "$RECORDS" "$NORMALIZE"
target schema SchemaFuzz Fuzz/Targets/SchemaFuzz.swift "$RECORDS" "$NORMALIZE"
target ingest IngestFuzz Fuzz/Targets/IngestFuzz.swift "$SEEDS" "$RECORDS" "$NORMALIZE"
IMAGE=Packages/Image/Sources/BatonImage
target row RowFuzz -I Packages/Image/Sources/CSQLite Fuzz/Targets/RowFuzz.swift "$SEEDS" \
    $(find "$IMAGE/Rows" "$IMAGE/SQLite" -name '*.swift' | sort) "$IMAGE/StoreImage/ImageError.swift" \
    "$RECORDS" -lsqlite3
TRANSPORT=Packages/Transport/Sources/BatonTransport
target multipart MultipartFuzz Fuzz/Targets/MultipartFuzz.swift "$SEEDS" \
    "$TRANSPORT/MultipartParser.swift" "$TRANSPORT/MultipartParser+PartEnd.swift" "$TRANSPORT/JSONValueEnd.swift"
target sse EventStreamFuzz Fuzz/Targets/EventStreamFuzz.swift "$SEEDS" "$TRANSPORT/ServerSentEventParser.swift"
WS="$TRANSPORT/WebSocket"
target websocket WebSocketFuzz Fuzz/Targets/WebSocketFuzz.swift "$SEEDS" "$WS/WebSocketFrameParser.swift" \
    "$WS/WebSocketOpcode.swift" "$WS/WebSocketMessage.swift" "$WS/WebSocketProtocolError.swift" \
    "$WS/WebSocketFrameWriter.swift"
target validator ValidatorFuzz Fuzz/Targets/ValidatorFuzz.swift \
    $(find Packages/Compiler/Sources/BatonCompiler -name '*.swift' ! -name 'SchemaDownload*' | sort) \
    "$RECORDS" "$NORMALIZE"
echo "fuzz: built the targets in $OUT"
