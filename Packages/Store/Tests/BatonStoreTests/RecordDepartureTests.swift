import Foundation
import Testing
@_spi(Baton) import BatonStore

/// `Store.recordDepartures`: what a read that resolved keys to records asks to know it still
/// holds.
@MainActor @Suite struct RecordDepartureTests {
    func written(_ keys: [RecordKey]) -> Store {
        let store = Store()
        var changes = ChangeSet()
        for key in keys { changes.write(.string(key.rawValue), to: Slot("name"), of: key) }
        store.commit(changes)
        return store
    }

    @Test func writingAndCreatingRecordsMovesNothing() {
        let store = written(["T:1"])
        let before = store.recordDepartures
        var changes = ChangeSet()
        changes.write(.string("changed"), to: Slot("name"), of: "T:1")
        changes.write(.string("new"), to: Slot("name"), of: "T:2")
        store.commit(changes)
        #expect(store.recordDepartures == before)
    }

    @Test func aDeletionMovesIt() {
        let store = written(["T:1", "T:2"])
        let before = store.recordDepartures
        store.commit(ChangeSet(snapshots: [], deletions: ["T:1"]))
        #expect(store.recordDepartures > before)
        #expect(store.record("T:1") == nil)
    }

    @Test func aLayerHidingARecordMovesIt() {
        let store = written(["T:1"])
        let before = store.recordDepartures
        store.applyOptimistic(ChangeSet(snapshots: [], deletions: ["T:1"]))
        #expect(store.recordDepartures > before)
    }

    @Test func aCollectionFreeingRecordsMovesIt() {
        let store = written(["T:1"])
        let before = store.recordDepartures
        #expect(store.collect() > 0)
        #expect(store.recordDepartures > before)
    }
}
