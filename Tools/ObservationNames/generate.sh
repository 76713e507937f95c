#!/usr/bin/env bash
# Writes Packages/Records/Sources/BatonRecords/Record+ObservationNames.swift: COUNT argument-less
# members of Record, one a slot, whose key paths name the first COUNT slots to Observation
# (see that file). Run from the repository's root: Tools/ObservationNames/generate.sh [COUNT]
set -euo pipefail
count=${1:-256}
out=Packages/Records/Sources/BatonRecords/Record+ObservationNames.swift
{
    cat <<HEADER
// Written by Tools/ObservationNames/generate.sh $count: edit the script, not this file.

extension Record {
    /// The key paths Observation knows the first \`observationNames.count\` slots by, a slot's
    /// number its index: \`\\Record.observed0\`, \`\\Record.observed1\`, …; a slot past them
    /// is named \`\\Record.[observed: slot]\`.
    ///
    /// Observation hashes and compares a read's key path several times a tracked read. A key
    /// path to a member without arguments is hashed and compared by the member alone; one
    /// through a subscript also hashes and compares its argument, through its \`Hashable\`
    /// witnesses: about 500 more instructions a tracked read (\`profile tracked-read\`), which
    /// put \`tracked_over_observable_ratio\` at 1.03–1.05 against \`@Observable\`'s stored
    /// properties. These members are never read, as the subscript is not (Observation
    /// compares key paths, it does not follow them). Safe on any thread.
    nonisolated static let observationNames: [KeyPath<Record, Value?> & Sendable] = [
HEADER
    for ((i = 0; i < count; i++)); do echo "        \\Record.observed$i,"; done
    echo "    ]"
    echo
    for ((i = 0; i < count; i++)); do echo "    nonisolated var observed$i: Value? { nil }"; done
    echo "}"
} > "$out"
echo "wrote $out ($count names)"
