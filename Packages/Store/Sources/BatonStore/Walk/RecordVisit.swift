/// A record walked with a selection: collection and the check walk each pair once
/// (``VisitSet``).
struct RecordVisit {
    let record: ObjectIdentifier
    let selection: ObjectIdentifier

    /// The visit's two addresses.
    var words: (record: UInt, selection: UInt) { (UInt(bitPattern: record), UInt(bitPattern: selection)) }

    /// The two addresses mixed with a multiply and MurmurHash3's finalizer: a walk tests and
    /// inserts a visit for every record above leaf selections. Kept for its figures: with a
    /// set's synthesized `hash(into:)` (SipHash of both addresses) check_memory_us went 103 to
    /// 121 and collect_ms 0.34 to 0.42 (release, interleaved).
    static func hash(record: UInt, selection: UInt) -> Int {
        var h = UInt64(record) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(selection)
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return Int(truncatingIfNeeded: h)
    }
}
