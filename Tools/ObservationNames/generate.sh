#!/usr/bin/env bash
# Writes Packages/Records/Sources/BatonRecords/Record+ObservationNames.swift: COUNT argument-less
# members of Record, one a slot, whose key paths name the first COUNT slots to Observation
# (see that file). Run from the repository's root: Tools/ObservationNames/generate.sh [COUNT]
# With --check, writes nothing and fails when the file is not what the script writes (make lint).
set -euo pipefail
check=false
if [ "${1:-}" = "--check" ]; then check=true; shift; fi
count=${1:-256}
file=Packages/Records/Sources/BatonRecords/Record+ObservationNames.swift
out=$file
if $check; then out=$(mktemp); trap 'rm -f "$out"' EXIT; fi
{
    cat <<HEADER
// Written by Tools/ObservationNames/generate.sh $count: edit the script, not this file.

extension Record {
    /// How many slots have a name of their own (\`observationName(_:)\`).
    nonisolated static let observationNameCount = $count

    /// The key path Observation knows slot \`number\` by, for the first
    /// \`observationNameCount\` slots: \`\\Record.observed0\`, \`\\Record.observed1\`, …; nil past
    /// them, whose slots are named \`\\Record.[observed: slot]\`.
    ///
    /// Observation hashes and compares a read's key path several times a tracked read. A key
    /// path to a member without arguments is hashed and compared by the member alone; one
    /// through a subscript also hashes and compares its argument, through its \`Hashable\`
    /// witnesses: about 500 more instructions a tracked read (\`profile tracked-read\`), which
    /// put \`tracked_over_observable_ratio\` at 1.03–1.05 against \`@Observable\`'s stored
    /// properties. These members are never read, as the subscript is not (Observation
    /// compares key paths, it does not follow them). Each key path is made when its slot is
    /// first interned, not before: a table of them all made at once cost a launch about 4.7M
    /// instructions. Safe on any thread.
    nonisolated static func observationName(_ number: Int) -> (KeyPath<Record, Value?> & Sendable)? {
        switch number {
HEADER
    for ((i = 0; i < count; i++)); do echo "        case $i: \\Record.observed$i"; done
    echo "        default: nil"
    echo "        }"
    echo "    }"
    echo
    for ((i = 0; i < count; i++)); do echo "    nonisolated var observed$i: Value? { nil }"; done
    echo "}"
} > "$out"
if $check; then
    if ! cmp -s "$out" "$file"; then
        echo "$file is not what Tools/ObservationNames/generate.sh $count writes: run it" >&2
        exit 1
    fi
    exit 0
fi
echo "wrote $out ($count names)"
