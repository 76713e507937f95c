import Foundation
import Testing
import BatonStore

/// What the check remembers about the rows it read, as the commits after it report it.
@MainActor @Suite struct RowReadMarkTests {
    private func lastEntry(_ disk: FakePersistence, _ key: RecordKey) -> PersistenceBatch.Entry? {
        disk.batches.last?.entries.first { $0.snapshot.key == key }
    }

    private func name(_ text: String, of key: RecordKey) -> ChangeSet {
        var changes = ChangeSet()
        changes.write(.string(text), to: Slot("name"), of: key)
        return changes
    }

    @Test func aRecordMemoryHeldWhoseRowTheCheckFilledIsReportedRead() {
        let disk = FakePersistence(rows: StoreFixture.changes.snapshots)
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        store.commit(name("Rick", of: "Character:1"))
        #expect(lastEntry(disk, "Character:1")?.rowWasRead == false)
        #expect(store.check(StoreFixture.plan).source == .image)
        store.commit(name("Rick C-137", of: "Character:1"))
        #expect(lastEntry(disk, "Character:1")?.rowWasRead == true)
    }

    @Test func aKeyTheCheckFoundNoRowForIsReportedReadWhenACommitMakesIt() {
        var rows = StoreFixture.changes.snapshots
        rows.removeAll { $0.key == "Character:3" }
        let disk = FakePersistence(rows: rows)
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        #expect(store.check(StoreFixture.plan).source == .miss)
        #expect(store.record("Character:3") == nil)
        store.commit(name("Summer", of: "Character:3"))
        #expect(lastEntry(disk, "Character:3")?.rowWasRead == true)
    }

    @Test func aRecordDeletedAfterItsRowWasReadIsNotReportedReadWhenMadeAgain() {
        let disk = FakePersistence(rows: StoreFixture.changes.snapshots)
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        #expect(store.check(StoreFixture.plan).source == .image)
        store.commit(ChangeSet(snapshots: [], deletions: ["Character:2"]))
        store.commit(name("Morty again", of: "Character:2"))
        #expect(lastEntry(disk, "Character:2")?.rowWasRead == false)
    }
}
