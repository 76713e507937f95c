#!/bin/sh
# Runs each libFuzzer target for FUZZ_SECONDS (default 60) from its seeds, its working corpus
# (kept under $OUT/corpus between runs) and its checked-in regressions
# (Tests/Fixtures/Hostile/fuzz/<target>/, replayed first). A crash stops the run; libFuzzer
# leaves the input in $OUT/crashes/.
# Usage: Fuzz/run.sh [OUT]   (after Fuzz/build.sh OUT)
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-.build/fuzz}
SECONDS_EACH=${FUZZ_SECONDS:-60}
SPEC=${BATON_SPEC_DIR:-$(pwd)/Tests/Conformance/baton-spec}
export BATON_SPEC_DIR="$SPEC"
# Leak checking is off (-detect_leaks=0): LeakSanitizer cannot follow Swift pointers kept
# with spare-bit tags (indirect enum payloads), so a schema held by a global reports as
# leaked. Leaks are pinned by the tests instead (StoreLoadTests).
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
mkdir -p "$OUT/crashes"

# Seeds, rewritten each run from the spec's data and the targets themselves.
rm -rf "$OUT/seeds"
mkdir -p "$OUT/seeds/document"
cp "$SPEC"/documents/*.graphql "$SPEC"/tests/*.graphql "$OUT/seeds/document/"
BATON_FUZZ_WRITE_SEEDS="$OUT/seeds/ingest" "$OUT/fuzz-ingest" >/dev/null
BATON_FUZZ_WRITE_SEEDS="$OUT/seeds/row" "$OUT/fuzz-row" >/dev/null

run() { # target, max_len, dictionary (or empty)
    target=$1; maxlen=$2; dict=$3
    corpus="$OUT/corpus/$target"
    regressions="Tests/Fixtures/Hostile/fuzz/$target"
    mkdir -p "$corpus" "$regressions"
    dictflag=""
    [ -n "$dict" ] && dictflag="-dict=$dict"
    echo "fuzz: $target for ${SECONDS_EACH}s"
    "$OUT/fuzz-$target" -max_total_time="$SECONDS_EACH" -max_len="$maxlen" -timeout=10 -rss_limit_mb=3072 \
        -print_final_stats=1 -detect_leaks=0 $dictflag -artifact_prefix="$OUT/crashes/$target-" \
        "$corpus" "$OUT/seeds/$target" "$regressions" 2>"$OUT/$target.log" || {
        tail -60 "$OUT/$target.log"; echo "fuzz: $target FAILED (log $OUT/$target.log)"; exit 1; }
    grep -E "DONE|stat::number_of_executed_units|stat::peak_rss_mb" "$OUT/$target.log" | tr '\n' ' '
    echo
}

run document 4096 Fuzz/Dictionaries/graphql.dict
run ingest 8192 Fuzz/Dictionaries/json.dict
run row 1024 ""
