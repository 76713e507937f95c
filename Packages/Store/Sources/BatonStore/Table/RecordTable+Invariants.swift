@_spi(Baton) import BatonRecords

extension RecordTable {
    /// Checks, in debug builds only, that `bucket`'s entry is found under its own key, holds
    /// a record exactly when its state says so, under the record's own key, and is not
    /// blank. A no-op in release.
    @inline(__always)
    func checkEntry(at bucket: Int) {
        #if DEBUG
        guard buckets[bucket].word != 0 else { return }
        let key = buckets[bucket].key
        let state = state(at: bucket)
        precondition(hash(key) == buckets[bucket].word & ~Flags.unhashed, "\(key): held under another hash")
        precondition(find(key, hash(key)) == bucket, "\(key): not found where it is held")
        precondition(state.holdsRecord == (buckets[bucket].record != nil), "\(key): \(state.presence), record mismatch")
        precondition(buckets[bucket].record.map { $0.key == key } ?? true, "\(key): holds another key's record")
        precondition(!state.isBlank, "\(key): a blank entry is kept")
        #endif
    }

    /// Checks, in debug builds only, every entry as ``checkEntry(at:)`` does and that the
    /// counts agree: linear in the table, so run after whole-table operations and by tests.
    func checkInvariants() {
        #if DEBUG
        var entries = 0
        var live = 0
        for bucket in 0..<bucketCount where buckets[bucket].word != 0 {
            entries += 1
            if isLive(bucket) { live += 1 }
            checkEntry(at: bucket)
        }
        precondition(entries == entryCount && live == count, "the table's counts drifted")
        precondition(invalidations.keys.allSatisfy { state($0).invalidation != 0 }, "an invalidation outlived its key")
        #endif
    }
}
