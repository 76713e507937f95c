#!/bin/sh
# A fuzzing campaign: for each target named (default: all of Fuzz/targets.sh), one after the
# other, FUZZ_RUNS executions (default 1,000,000) from the kept corpus (Fuzz/Corpus/<target>),
# the checked-in regressions and the seeds, into a working corpus under $OUT/campaign; then
# the working and kept corpora and the seeds are minimized with -merge=1 into a new kept
# corpus, which replaces Fuzz/Corpus/<target>. One process a target (-workers=1 -jobs=1).
# Each target's figures (executions, cov, ft, kept files and bytes) are appended to
# $OUT/campaign/summary.md as a row of Fuzz/README.md's table. A crash stops the campaign
# with its input in $OUT/crashes/ and the kept corpus unchanged.
# Usage: Fuzz/campaign.sh [OUT [target...]]   (after Fuzz/build.sh OUT; -O build)
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-.build/fuzz}
[ $# -gt 0 ] && shift
RUNS=${FUZZ_RUNS:-1000000}
. Fuzz/targets.sh
ROOT=$(pwd)
mkdir -p "$OUT/crashes" "$OUT/campaign"
OUT=$(cd "$OUT" && pwd)
write_seeds "$OUT"
NAMES=${*:-$FUZZ_NAMES}

campaign() { # target, max_len, dictionary (or -)
    target=$1; maxlen=$2; dict=$3
    work="$OUT/campaign/$target"
    kept="$ROOT/Fuzz/Corpus/$target"
    regressions="$ROOT/Tests/Fixtures/Hostile/fuzz/$target"
    rm -rf "$work" "$work.merged"
    mkdir -p "$work/corpus" "$work.merged" "$kept"
    dirs=""
    [ -d "$regressions" ] && dirs="$regressions"
    dictflag=""
    [ "$dict" != - ] && dictflag="-dict=$ROOT/Fuzz/Dictionaries/$dict.dict"
    echo "fuzz: $target: $RUNS executions ($(date -u +%H:%M:%S))"
    # -jobs runs the fuzzer as a child whose output goes to fuzz-0.log in the working folder.
    (cd "$work" && "$OUT/fuzz-$target" -workers=1 -jobs=1 -runs="$RUNS" -max_len="$maxlen" -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -detect_leaks=0 $dictflag \
        -artifact_prefix="$OUT/crashes/$target-" corpus "$kept" $dirs "$OUT/seeds/$target" >/dev/null 2>&1) || {
        tail -60 "$work/fuzz-0.log"; echo "fuzz: $target FAILED (log $work/fuzz-0.log)"; exit 1; }
    log="$work/fuzz-0.log"
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1)
    executions=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+$')
    cov=$(echo "$done_line" | grep -oE 'cov: [0-9]+' | grep -oE '[0-9]+$')
    ft=$(echo "$done_line" | grep -oE 'ft: [0-9]+' | grep -oE '[0-9]+$')
    "$OUT/fuzz-$target" -merge=1 -max_len="$maxlen" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
        "$work.merged" "$work/corpus" "$kept" "$OUT/seeds/$target" >"$work/merge.log" 2>&1 || {
        tail -30 "$work/merge.log"; echo "fuzz: $target merge FAILED (log $work/merge.log)"; exit 1; }
    rm -rf "$kept"
    mv "$work.merged" "$kept"
    files=$(find "$kept" -type f | wc -l | tr -d ' ')
    bytes=$(find "$kept" -type f -exec cat {} + | wc -c | tr -d ' ')
    row="| $target | $executions | $cov | $ft | $files | $bytes |"
    echo "$row" >>"$OUT/campaign/summary.md"
    echo "fuzz: $row ($(date -u +%H:%M:%S))"
}

for name in $NAMES; do
    line=$(echo "$FUZZ_TARGETS" | grep "^$name ") || { echo "fuzz: no target $name"; exit 1; }
    campaign $line
done
