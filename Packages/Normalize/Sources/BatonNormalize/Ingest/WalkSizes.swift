import Synchronization

/// How many records and long strings (of more than 15 bytes, made once and shared) an
/// operation's last payload written as a tree made: the sizes the next one's tables start at,
/// where they grew to them from 1,024 slots. A response's text has a length to size them by
/// (`ResponseWalker.bytesPerRecord`); a tree has none, and its first walk grows them.
///
/// Held by each ``OperationTemplate`` and shared by the plans made from it, for any variables;
/// a typed operation's plans share one of the operation type's, in every environment (its
/// template is made again for each, `OperationBuilder`); a plan of one record has none.
/// Walks on any thread read and write it, one word loaded and stored atomically: no walk reads
/// another's sizes half-written, and a guess from a racing walk only sizes the tables.
@_spi(Baton) public final class WalkSizes: Sendable {
    /// The records in the high half, the strings in the low half; 0 before any tree.
    private let word = Atomic<UInt64>(0)

    public init() {}

    /// The last tree's counts, or nil before the first.
    var last: (records: Int, strings: Int)? {
        let word = word.load(ordering: .relaxed)
        guard word != 0 else { return nil }
        return (Int(word >> 32), Int(word & 0xFFFF_FFFF))
    }

    /// Notes what a tree's walk made, each count capped at 2³² − 1.
    func note(records: Int, strings: Int) {
        let records = UInt64(min(records, Int(UInt32.max)))
        let strings = UInt64(min(strings, Int(UInt32.max)))
        word.store(records << 32 | strings, ordering: .relaxed)
    }
}
