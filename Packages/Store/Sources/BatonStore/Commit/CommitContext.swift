import Foundation
@_spi(Baton) import BatonRecords

/// One commit in the making: the writes to existing records (held for the three phases), the
/// records it creates and removes (added to and taken from the store between the phases),
/// and what it hands the persistence. Main actor, one commit's life.
@MainActor
struct CommitContext {
    var buffer = WriteBuffer()
    /// Records the commit creates, by key: nobody can observe them, so they are filled
    /// without notifications; the store holds them from the middle of the apply.
    var created: [RecordKey: Record] = [:]
    var createdOrder: [Record] = []
    /// Records the commit removes from memory (deleted, or a layer's own reverted).
    var removed: Set<RecordKey> = []
    var removedOrder: [RecordKey] = []
    /// Records a reverted layer had hidden, back in memory from the middle of the apply.
    var restored: [RecordKey: Record] = [:]
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

    init(tracksPersistence: Bool) {
        self.tracksPersistence = tracksPersistence
    }

    mutating func markPersisted(_ key: RecordKey) {
        guard tracksPersistence, persistSet.insert(key).inserted else { return }
        persistOrder.append(key)
    }

    mutating func create(_ record: Record) {
        created[record.key] = record
        createdOrder.append(record)
    }

    mutating func remove(_ key: RecordKey) {
        guard removed.insert(key).inserted else { return }
        removedOrder.append(key)
    }
}
