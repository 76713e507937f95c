import Foundation
@_exported import BatonNormalize
@_exported import BatonRecords

/// What the store asks of a disk: rows for keys inside one read transaction, and the
/// changes of each commit to write behind it. The SQLite image is one; an app that wants no
/// disk passes none and links no image.
///
/// The store calls its methods on the main actor. `withReadTransaction` is synchronous (the
/// availability check runs inside it and a read waits for a write in flight); `write` must
/// return at once and do its work off the main actor. A persistence that faults tells the
/// store through the handler ``reportFaults(to:)`` hands it; the store keeps working in memory.
public protocol Persistence: AnyObject, Sendable {
    /// Runs `body` inside one read transaction.
    func withReadTransaction<R>(_ body: (any PersistenceReader) throws -> R) throws -> R

    /// Hands over what a commit changed, to be written behind it.
    func write(_ batch: PersistenceBatch)

    /// Writes what was handed over and lets the disk go: the store that owned it has ended.
    func close()

    /// Takes the handler the persistence calls, on any thread, for each fault it reports from
    /// now on, and once soon after this call for a fault it reported before it. The store
    /// calls it once, from its initializer, and keeps the latest fault as
    /// ``Store/persistenceFault``. The default keeps no handler: a persistence that never
    /// faults needs nothing.
    func reportFaults(to handler: @escaping @Sendable (PersistenceFault) -> Void)
}

extension Persistence {
    public func close() {}

    public func reportFaults(to handler: @escaping @Sendable (PersistenceFault) -> Void) {}
}

/// Reads inside one transaction of a ``Persistence``. Valid only inside the
/// `withReadTransaction` call that handed it out.
public protocol PersistenceReader {
    /// The row of `key` as a snapshot, or nil when the disk has none (or cannot decode it).
    /// For a root, only the root fields in `fields` are read (the root is a row per field);
    /// for any other record, `fields` is ignored.
    func snapshot(of key: RecordKey, fields: [Slot]) throws -> RecordSnapshot?

    /// What the disk holds for each of `keys` (no root, no key twice), in one call, at the
    /// key's index: the row's cells, none, or the mark of its deletion. The check reads each
    /// level of its walk through it and moves the cells it finds into its new records.
    func readRows(_ keys: [RecordKey]) throws -> [RowRead]

    /// When the operation last fetched, as the disk remembers it.
    func fetchTime(of operation: OperationIdentity) throws -> Date?
}

extension PersistenceReader {
    /// Each key's row from ``snapshot(of:fields:)``; such a persistence keeps no deletions.
    public func readRows(_ keys: [RecordKey]) throws -> [RowRead] {
        try keys.map { key in
            guard !key.isRoot, let snapshot = try snapshot(of: key, fields: []) else { return .absent }
            return .found(RowCells(snapshot))
        }
    }
}

/// One commit's changes as the disk receives them. A value: crosses to the writer's thread.
public struct PersistenceBatch: Sendable {
    /// A changed record and how its row is written.
    public struct Entry: Sendable {
        /// Everything the store holds for the record after the commit.
        public var snapshot: RecordSnapshot
        /// Whether the availability check read the record's row during this launch. If it did,
        /// memory holds everything the row does and the snapshot replaces the row; if not,
        /// the snapshot's cells are merged over the row's (its own cells first, then the
        /// row's cells it does not write).
        public var rowWasRead: Bool

        public init(snapshot: RecordSnapshot, rowWasRead: Bool) {
            self.snapshot = snapshot
            self.rowWasRead = rowWasRead
        }
    }

    public var entries: [Entry]
    /// Records deleted by the commit: their rows go, the disk keeps the mark of each deletion
    /// (which ``PersistenceReader/readRows(_:)`` answers as ``RowRead/deleted``) until a
    /// later commit writes the key again, and nothing of a deleted row is merged into it.
    public var deletions: [RecordKey]
    /// The operations the commit recorded as fetched, with when.
    public var fetchTimes: [OperationIdentity: Date]

    public init(entries: [Entry] = [], deletions: [RecordKey] = [], fetchTimes: [OperationIdentity: Date] = [:]) {
        self.entries = entries
        self.deletions = deletions
        self.fetchTimes = fetchTimes
    }

    public var isEmpty: Bool { entries.isEmpty && deletions.isEmpty && fetchTimes.isEmpty }
}
