#!/bin/sh
# Runs each libFuzzer target (Fuzz/targets.sh) for FUZZ_SECONDS (default 60) from, in this
# order: its working corpus ($OUT/corpus/<target>, kept between runs, the only folder
# libFuzzer writes to), its kept corpus (Fuzz/Corpus/<target>), its checked-in regressions
# (Tests/Fixtures/Hostile/fuzz/<target>/) and its seeds. Every file of those folders runs
# once first; FUZZ_SECONDS=0 only does that (a replay). A crash, or an input running 10 s,
# stops the run; libFuzzer leaves the input in $OUT/crashes/, as it does an input that took
# 1 s or more (slow-unit-…), which the run's line names.
# Usage: Fuzz/run.sh [OUT]   (after Fuzz/build.sh OUT)
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-.build/fuzz}
SECONDS_EACH=${FUZZ_SECONDS:-60}
. Fuzz/targets.sh
mkdir -p "$OUT/crashes"
write_seeds "$OUT"

run() { # target, max_len, dictionary (or -)
    target=$1; maxlen=$2; dict=$3
    corpus="$OUT/corpus/$target"
    kept="Fuzz/Corpus/$target"
    regressions="Tests/Fixtures/Hostile/fuzz/$target"
    mkdir -p "$corpus"
    dirs=""
    for dir in "$kept" "$regressions"; do [ -d "$dir" ] && dirs="$dirs $dir"; done
    dictflag=""
    [ "$dict" != - ] && dictflag="-dict=Fuzz/Dictionaries/$dict.dict"
    if [ "$SECONDS_EACH" = 0 ]; then limit="-runs=0"; else limit="-max_total_time=$SECONDS_EACH"; fi
    "$OUT/fuzz-$target" $limit -max_len="$maxlen" -timeout=10 -report_slow_units=1 -rss_limit_mb=2048 \
        -print_final_stats=1 -detect_leaks=0 $dictflag -artifact_prefix="$OUT/crashes/$target-" \
        "$corpus" $dirs "$OUT/seeds/$target" 2>"$OUT/$target.log" || {
        tail -60 "$OUT/$target.log"; echo "fuzz: $target FAILED (log $OUT/$target.log)"; exit 1; }
    replayed=$(grep -m1 -oE 'seed corpus: files: [0-9]+' "$OUT/$target.log" | grep -oE '[0-9]+$' || true)
    executed=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$OUT/$target.log" | grep -oE '[0-9]+$' || true)
    coverage=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$OUT/$target.log" | grep -oE 'cov: [0-9]+ ft: [0-9]+' || true)
    slowest=$(grep -oE 'Slowest unit: [0-9]+ s' "$OUT/$target.log" | tail -1 | grep -oE '[0-9]+' || true)
    slow=""
    [ -n "$slowest" ] && slow="; SLOW: an input took $slowest s (at 10 s the run fails; $OUT/crashes/$target-slow-unit-*)"
    echo "fuzz: $target: replayed ${replayed:-0} files, then ${SECONDS_EACH} s; $executed executions, $coverage$slow"
}

echo "$FUZZ_TARGETS" | while read -r target maxlen dict; do run "$target" "$maxlen" "$dict"; done
