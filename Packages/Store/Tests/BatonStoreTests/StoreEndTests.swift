import Foundation
import Observation
import Testing
@testable import BatonStore

/// A persistence that records what reaches it.
private final class RecordingDisk: Persistence, @unchecked Sendable {
    var batches: [PersistenceBatch] = []
    var closed = 0

    func withReadTransaction<R>(_ body: (any PersistenceReader) throws -> R) throws -> R {
        try body(EmptyReader())
    }

    func write(_ batch: PersistenceBatch) { batches.append(batch) }
    func close() { closed += 1 }
}

@MainActor @Suite struct StoreEndTests {
    @Test func endClearsMemoryWithoutTouchingTheDiskAndClosesIt() {
        let disk = RecordingDisk()
        let store = Store(persistence: disk)
        var changes = ChangeSet()
        changes.write(.link("Character:1"), to: Slot("character(id:\"1\")"), of: .root)
        changes.write(.string("Rick"), to: Slot("name"), of: "Character:1")
        store.commit(changes)
        let written = disk.batches.count
        #expect(written == 1)
        store.end()
        #expect(store.isEnded)
        #expect(store.record("Character:1") == nil)
        #expect(store.root[untracked: Slot("character(id:\"1\")")] == nil)
        #expect(disk.batches.count == written)
        #expect(disk.closed == 1)
    }

    @Test func endedStoreCommitsNothing() {
        let store = Store()
        store.end()
        var changes = ChangeSet()
        changes.write(.string("Rick"), to: Slot("name"), of: "Character:1")
        #expect(store.commit(changes).isEmpty)
        #expect(store.record("Character:1") == nil)
    }

    @Test func endNotifiesObserversOfClearedFields() {
        let store = Store()
        var changes = ChangeSet()
        changes.write(.string("Rick"), to: Slot("name"), of: "Character:1")
        store.commit(changes)
        let record = store.record("Character:1")!
        let fired = Counter()
        withObservationTracking {
            _ = record[FieldSlot.named("name")]
        } onChange: {
            fired.count += 1
        }
        store.end()
        #expect(fired.count == 1)
    }
}

private struct EmptyReader: PersistenceReader {
    func snapshot(of key: RecordKey, fields: [Slot]) throws -> RecordSnapshot? { nil }
    func fetchTime(of operation: OperationIdentity) throws -> Date? { nil }
}

private final class Counter: @unchecked Sendable {
    var count = 0
}
