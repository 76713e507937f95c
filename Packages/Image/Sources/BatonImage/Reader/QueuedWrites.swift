import Foundation
import BatonStore

/// What the batches handed to the writer and not yet written will make of the file, as a read
/// sees it: each record's queued change folded in queue order, the root fields written or
/// cleared, the fetch times. A read answers with the file's rows under these, so a record the
/// store freed from memory while its write waited behind the writer reads back as the store
/// last had it, not as the file had it before (an older value, or none).
///
/// Folded by the rules the writer writes by (`ImageDatabase.write(_:transience:sizeLimit:)`):
/// within a batch its deletions, then its entries, then its fetch times; an entry whose row
/// was read this launch replaces the row, any other is merged over it (its own cells first,
/// then the row's cells it does not write); a deletion leaves the mark of the record's
/// deletion, which a later entry replaces; a transient record or root field is never written.
/// A `removeAll` or a file started again drops what was queued before it, as the writer does.
///
/// A value, built for one read transaction under the image's lock.
struct QueuedWrites {
    /// A record's queued change.
    enum Change {
        /// The row becomes these cells.
        case replace(RecordSnapshot)
        /// These cells go over the row's: the row's cells they do not write stay.
        case merge(RecordSnapshot)
        /// The row becomes the mark of the record's deletion.
        case deleted
    }

    /// The root fields queued for one root.
    struct RootFields {
        /// Whether a deletion of the root comes first: the file's fields of it go.
        var cleared = false
        var values: [Slot: Value] = [:]
    }

    private(set) var records: [RecordKey: Change] = [:]
    private(set) var roots: [RecordKey: RootFields] = [:]
    private(set) var fetchTimes: [OperationIdentity: Date] = [:]

    /// The fold of `jobs`, the writer's queue in order.
    init(_ jobs: [ImageFile.Job], transience: Transience) {
        for job in jobs {
            switch job {
            case .batch(let batch): fold(batch, transience: transience)
            case .removeAll, .reset: self = QueuedWrites()
            case .touch, .age: break
            }
        }
    }

    private init() {}

    var isEmpty: Bool { records.isEmpty && roots.isEmpty && fetchTimes.isEmpty }

    private mutating func fold(_ batch: PersistenceBatch, transience: Transience) {
        for key in batch.deletions {
            if key.isRoot {
                roots[key] = RootFields(cleared: true)
            } else {
                records[key] = .deleted
            }
        }
        for entry in batch.entries {
            let snapshot = entry.snapshot
            if snapshot.key.isRoot {
                for cell in snapshot.cells where !transience.isTransientRootField(cell.storageKey) {
                    roots[snapshot.key, default: RootFields()].values[cell.slot] = cell.value
                }
                continue
            }
            guard !transience.isTransient(snapshot) else { continue }
            if entry.rowWasRead {
                records[snapshot.key] = .replace(snapshot)
                continue
            }
            switch records[snapshot.key] {
            case nil: records[snapshot.key] = .merge(snapshot)
            case .deleted?: records[snapshot.key] = .replace(snapshot)
            case .replace(let earlier)?: records[snapshot.key] = .replace(Self.cells(of: snapshot, over: earlier))
            case .merge(let earlier)?: records[snapshot.key] = .merge(Self.cells(of: snapshot, over: earlier))
            }
        }
        for (operation, date) in batch.fetchTimes { fetchTimes[operation] = date }
    }

    /// What a read of `key` answers once the queued writes are in the file, the file having
    /// answered `read`.
    func row(_ key: RecordKey, over read: RowRead) -> RowRead {
        switch records[key] {
        case nil: return read
        case .deleted?: return .deleted
        case .replace(let snapshot)?: return .found(RowCells(snapshot))
        case .merge(let snapshot)?:
            guard case .found(let cells) = read else { return .found(RowCells(snapshot)) }
            return .found(RowCells(Self.cells(of: snapshot, over: cells.snapshot(key: key))))
        }
    }

    /// What a read of the record `key` as a snapshot answers once the queued writes are in
    /// the file, the file having answered `read` (nil: no row, or the mark of a deletion).
    func snapshot(_ key: RecordKey, over read: RecordSnapshot?) -> RecordSnapshot? {
        guard records[key] != nil else { return read }
        guard case .found(let cells) = row(key, over: read.map { .found(RowCells($0)) } ?? .absent) else {
            return nil
        }
        return cells.snapshot(key: key)
    }

    /// What a read of the root `key`'s `fields` answers once the queued writes are in the
    /// file, the file having answered `read`.
    func rootFields(_ key: RecordKey, _ fields: [Slot], over read: RecordSnapshot?) -> RecordSnapshot? {
        guard let queued = roots[key] else { return read }
        var answer = queued.cleared ? RecordSnapshot(key: key) : read ?? RecordSnapshot(key: key)
        for slot in fields { if let value = queued.values[slot] { answer[slot] = value } }
        return answer.cells.isEmpty ? nil : answer
    }

    /// `newer`'s cells, then the cells of `older` that `newer` does not write.
    private static func cells(of newer: RecordSnapshot, over older: RecordSnapshot) -> RecordSnapshot {
        var merged = older
        for cell in newer.cells { merged[cell.slot] = cell.value }
        return merged
    }
}
