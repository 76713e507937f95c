import Foundation
@_spi(Baton) import BatonRecords

/// One commit's plan: the writes to existing records (held for the three phases), the
/// records it creates, what each key leaving view becomes, the overlay as it will be, and
/// what it hands the persistence. Planning reads the store's table and writes nothing of
/// the store's (the overlay it edits is the plan's, moved out of the store for the commit);
/// the apply (``Store/finish(_:)``) carries the plan out. Main actor, one commit's life.
@MainActor
struct CommitContext {
    var buffer = WriteBuffer()
    /// Records the commit creates, by key: nobody can observe them, so they are filled
    /// without notifications; the store holds them from the middle of the apply.
    var created: [RecordKey: Record] = [:]
    var createdOrder: [Record] = []
    /// Whether the records the commit creates exist only because an optimistic layer wrote
    /// them.
    var createsLayerOnly = false
    /// Records in view that the commit takes out of view (deleted, hidden by a layer, or a
    /// layer's own reverted).
    var removed: Set<RecordKey> = []
    var removedOrder: [RecordKey] = []
    /// What each key leaving view becomes, in order, applied in the middle of the apply:
    /// the removed records' keys, and keys deleted that memory did not hold.
    var leaving: [(key: RecordKey, becomes: RecordState.Presence)] = []
    /// Records a reverted layer had hidden, back in view from the middle of the apply.
    var restored: [RecordKey: Record] = [:]
    /// Records only layers had written, which this commit's server data writes: from the
    /// apply on, the base's.
    var adopted: Set<RecordKey> = []
    /// The optimistic layers and the base beneath them as they will be after the commit:
    /// planning reads and edits the store's overlay, moved here (``Store/beginCommit(tracksPersistence:)``),
    /// and the apply gives it back.
    var overlay: OptimisticOverlay
    /// Keys the change set deletes and writes again: their records are replaced in place.
    var replaced: Set<RecordKey> = []
    /// Keys deleted for the persistence.
    var deletions: [RecordKey] = []
    /// Whether base changes are collected for the persistence.
    let tracksPersistence: Bool
    /// Records whose base (what the persistence keeps) this commit changed, in order.
    var persistOrder: [RecordKey] = []
    var persistSet: Set<RecordKey> = []
    var fetchTimes: [OperationIdentity: Date] = [:]

    init(tracksPersistence: Bool, overlay: OptimisticOverlay) {
        self.tracksPersistence = tracksPersistence
        self.overlay = overlay
    }

    /// Whether the plan takes records out of view or brings them back, or writes records
    /// that exist already: then a snapshot's record is not simply the table's or new.
    var touchesExisting: Bool {
        !replaced.isEmpty || !removed.isEmpty || !restored.isEmpty || !buffer.isEmpty
    }

    mutating func markPersisted(_ key: RecordKey) {
        guard tracksPersistence, persistSet.insert(key).inserted else { return }
        persistOrder.append(key)
    }

    mutating func create(_ record: Record) {
        created[record.key] = record
        createdOrder.append(record)
    }

    /// Whether the commit made `record` (``create(_:)``): it fills the record's cells at once,
    /// unseen, instead of through the buffer.
    @inline(__always)
    func made(_ record: Record) -> Bool {
        !created.isEmpty && created[record.key] === record
    }

    /// Takes the record of `key`, in view, out of view in the middle of the apply; it
    /// becomes `presence` (`.absent`, `.hidden` or `.deleted`).
    mutating func remove(_ key: RecordKey, becoming presence: RecordState.Presence) {
        guard removed.insert(key).inserted else { return }
        removedOrder.append(key)
        leaving.append((key, presence))
    }

    /// Marks `key`, which is not in view, deleted in the middle of the apply.
    mutating func markDeleted(_ key: RecordKey) {
        leaving.append((key, .deleted))
    }
}
