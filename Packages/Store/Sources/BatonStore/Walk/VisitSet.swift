/// The record visits a walk has made (a record and the selection it was walked with), as a
/// set: the check's records found complete, collection's pairs walked. A value; used on one
/// actor, with its walk.
///
/// Open addressing over one array of words, a visit being its two addresses side by side
/// (two zero words mark an empty bucket: no object lives at address zero), at most half
/// full, linear probing, hashed by `RecordVisit.hash(record:selection:)`.
///
/// Not a `Set<RecordVisit>`: a set's metadata is made by looking up `RecordVisit: Hashable`,
/// which the Swift runtime on Linux does by scanning every conformance record of the process
/// the first time, and a new process's first check paid about 0.38M instructions for it. An
/// array of words asks for no conformance.
struct VisitSet {
    /// Two words a bucket: the record's address, then the selection's.
    private var words: [UInt] = []
    /// How many visits the set holds.
    private(set) var count = 0

    /// How many buckets the set has: a power of two, or 0 before the first insert.
    private var bucketCount: Int { words.count / 2 }

    /// Whether the set holds `visit`.
    func contains(_ visit: RecordVisit) -> Bool {
        guard count > 0 else { return false }
        let (record, selection) = visit.words
        return words.withUnsafeBufferPointer { Self.find(record, selection, in: $0).found }
    }

    /// Adds `visit`; returns whether the set lacked it.
    @discardableResult
    mutating func insert(_ visit: RecordVisit) -> Bool {
        let (record, selection) = visit.words
        return insert(record, selection)
    }

    /// Adds the visit of these two addresses; returns whether the set lacked it.
    private mutating func insert(_ record: UInt, _ selection: UInt) -> Bool {
        if (count + 1) * 2 > bucketCount { grow() }
        let inserted = words.withUnsafeMutableBufferPointer { words in
            let (bucket, found) = Self.find(record, selection, in: UnsafeBufferPointer(words))
            guard !found else { return false }
            words[2 &* bucket] = record
            words[2 &* bucket &+ 1] = selection
            return true
        }
        if inserted { count += 1 }
        return inserted
    }

    /// The bucket holding the visit of these two addresses, or the empty one where it would
    /// go, in `words` (which has at least one empty bucket).
    private static func find(
        _ record: UInt, _ selection: UInt, in words: UnsafeBufferPointer<UInt>
    ) -> (bucket: Int, found: Bool) {
        let mask = words.count / 2 &- 1
        var bucket = RecordVisit.hash(record: record, selection: selection) & mask
        while true {
            let held = words[2 &* bucket]
            if held == 0 { return (bucket, false) }
            if held == record && words[2 &* bucket &+ 1] == selection { return (bucket, true) }
            bucket = (bucket &+ 1) & mask
        }
    }

    /// Doubles the buckets (16 at first) and places every visit again.
    private mutating func grow() {
        let old = words
        words = Array(repeating: 0, count: Swift.max(32, old.count * 2))
        count = 0
        for bucket in stride(from: 0, to: old.count, by: 2) where old[bucket] != 0 {
            _ = insert(old[bucket], old[bucket + 1])
        }
    }
}
