import Foundation
import Testing
import BatonStore

@MainActor @Suite struct PersistenceTests {
    /// A disk holding the fixture's records as rows, as a previous launch left it.
    func diskWithFixture(fetchedAt: Date? = nil) -> FakePersistence {
        var fetchTimes: [OperationIdentity: Date] = [:]
        if let fetchedAt { fetchTimes[StoreFixture.plan.identity] = fetchedAt }
        return FakePersistence(rows: StoreFixture.changes.snapshots, fetchTimes: fetchTimes)
    }

    @Test func aCheckFillsAnEmptyStoreFromThePersistenceInOneTransaction() {
        let disk = diskWithFixture()
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        let result = store.check(StoreFixture.plan)
        #expect(result.availability == .available)
        #expect(result.source == .image)
        #expect(disk.transactions == 1)
        // The root's selected field, then every other record once.
        #expect(disk.reads.count == StoreFixture.changes.snapshots.count)
        #expect(Set(disk.reads).count == disk.reads.count)
        #expect(store.recordCount == StoreFixture.changes.snapshots.count + 2)
        for snapshot in StoreFixture.changes.snapshots where !snapshot.key.isRoot {
            #expect(RecordSnapshot(store.record(snapshot.key)!) == snapshot)
        }
        // Filling memory is not a commit: nothing goes back to the disk.
        #expect(disk.batches.isEmpty)
        // Memory now answers alone.
        let again = store.check(StoreFixture.plan)
        #expect(again.source == .memory)
        #expect(disk.transactions == 1)
    }

    @Test func theCheckReadsTheRowsOfALevelBeforeTheRowsTheyLinkTo() throws {
        let disk = diskWithFixture()
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        #expect(store.check(StoreFixture.plan).source == .image)
        let reads = disk.reads
        let results = try #require(
            store.record(RecordKey.root.child("characters(page:1)"))?[untracked: Slot("results")])
        guard case .list(let links) = results else { Issue.record("results is not a list"); return }
        // Every character of `results` is read before any origin, location or episode.
        let firstDeeper = try #require(
            reads.firstIndex { $0.rawValue.hasPrefix("Episode:") || $0.rawValue.hasPrefix("Location:") })
        for case .link(let key) in links {
            #expect(try #require(reads.firstIndex(of: key)) < firstDeeper)
        }
    }

    @Test func theCheckAsksForEachLevelsRowsInOneCallAndForNoKeyTwice() {
        let disk = diskWithFixture()
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        #expect(store.check(StoreFixture.plan).source == .image)
        let levels = disk.levels
        // The connection, its results, their origins, locations and episodes, the episodes' characters.
        #expect(levels.count == 4)
        let asked = levels.flatMap { $0 }
        #expect(Set(asked).count == asked.count)
        #expect(asked.count == StoreFixture.changes.snapshots.filter { !$0.key.isRoot }.count)
    }

    @Test func aRecordTheDiskLacksIsAMissAfterOneTransaction() {
        var rows = StoreFixture.changes.snapshots
        rows.removeAll { $0.key == "Character:3" }
        let disk = FakePersistence(rows: rows)
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        let result = store.check(StoreFixture.plan)
        #expect(result.source == .miss)
        #expect(disk.transactions == 1)
        guard case .missing(let paths) = result.availability else { Issue.record("not missing"); return }
        // Character:3 is result 2, and appears in episodes' characters lists (walked first).
        #expect(paths.contains([.key("characters"), .key("results"), .index(2)]))
        #expect(
            paths.first == [
                .key("characters"), .key("results"), .index(0), .key("episode"), .index(5), .key("characters"),
                .index(2),
            ])
        #expect(paths.allSatisfy { $0.count >= 3 })
    }

    @Test func aMissTheDiskAlreadyAnsweredDoesNotAskItAgain() {
        var rows = StoreFixture.changes.snapshots
        rows.removeAll { $0.key == "Character:3" }
        let disk = FakePersistence(rows: rows)
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        _ = store.check(StoreFixture.plan)
        let reads = disk.reads.count
        let again = store.check(StoreFixture.plan)
        #expect(again.source == .miss)
        #expect(disk.transactions == 1)
        #expect(disk.reads.count == reads)
        // A root field the disk lacks is not asked for twice either.
        let other = try! OperationPlan(
            "{ characters(page: 2) { info { count } } }", normalization: StoreFixture.normalization)
        _ = store.check(other)
        _ = store.check(other)
        #expect(disk.transactions == 2)
    }

    @Test func aFieldMemoryLacksIsReadFromTheRowOfARecordMemoryHolds() {
        let disk = diskWithFixture()
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        // This launch's commit wrote Character:1's name only.
        var changes = ChangeSet()
        changes.write(.string("Rick"), to: Slot("name"), of: "Character:1")
        store.commit(changes)
        let rick = store.record("Character:1")!
        #expect(rick[untracked: Slot("status")] == nil)
        let result = store.check(StoreFixture.plan)
        #expect(result.availability == .available)
        #expect(result.source == .image)
        #expect(rick[untracked: Slot("status")] == .string("Alive"))
        #expect(rick[untracked: Slot("name")] == .string("Rick"))  // memory's own cell wins
        #expect(store.record("Character:1") === rick)
    }

    @Test func batchEntriesSayWhetherTheCheckReadTheirRow() {
        let disk = diskWithFixture()
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        var before = ChangeSet()
        before.write(.string("new"), to: Slot("name"), of: "Character:9001")
        store.commit(before)
        _ = store.check(StoreFixture.plan)
        var changes = ChangeSet()
        changes.write(.string("Rick C-137"), to: Slot("name"), of: "Character:1")
        changes.write(.string("newer"), to: Slot("name"), of: "Character:9001")
        changes.write(.string("brand new"), to: Slot("name"), of: "Character:9002")
        store.commit(changes)
        let entries = Dictionary(uniqueKeysWithValues: disk.batches.last!.entries.map { ($0.snapshot.key, $0) })
        #expect(entries.count == 3)
        #expect(entries["Character:1"]?.rowWasRead == true)
        #expect(entries["Character:9001"]?.rowWasRead == false)
        #expect(entries["Character:9002"]?.rowWasRead == false)
        // The snapshot is everything memory holds for the record, not just the cell written.
        #expect(entries["Character:1"]?.snapshot["status"] == .string("Alive"))
    }

    @Test func aCommitHandsTheDiskChangedRecordsDeletionsAndFetchTimes() {
        let disk = FakePersistence()
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        let at = Date(timeIntervalSince1970: 5000)
        store.commit(StoreFixture.changes, fetched: StoreFixture.plan.identity, at: at)
        #expect(disk.batches.count == 1)
        #expect(disk.batches[0].entries.count == StoreFixture.changes.snapshots.count)
        #expect(disk.batches[0].fetchTimes == [StoreFixture.plan.identity: at])
        // Equal values: no changed record, nothing to write.
        store.commit(StoreFixture.changes)
        #expect(disk.batches.count == 1)
        store.commit(ChangeSet(snapshots: [], deletions: ["Character:2"]))
        #expect(disk.batches.count == 2)
        #expect(disk.batches[1].deletions == ["Character:2"])
        #expect(disk.batches[1].entries.isEmpty)
    }

    @Test func theFetchTimeComesFromTheDiskWhenMemoryHasNone() {
        let disk = diskWithFixture(fetchedAt: Date(timeIntervalSince1970: 900))
        let store = Store(
            normalization: StoreFixture.normalization, persistence: disk, now: { Date(timeIntervalSince1970: 1000) })
        #expect(store.check(StoreFixture.plan, maxAge: 60).availability == .stale)
        #expect(store.check(StoreFixture.plan, maxAge: 200).availability == .available)
        #expect(disk.state.withLock { $0.fetchTimeReads } == 1)
        #expect(disk.transactions == 1)
    }

    @Test func collectionDropsRecordsFromMemoryOnlyAndTheCheckReadsThemBack() {
        let disk = diskWithFixture()
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        _ = store.check(StoreFixture.plan)
        store.releaseBufferSize = 0
        #expect(store.collect() == StoreFixture.changes.snapshots.count - 1)
        #expect(disk.batches.isEmpty)
        #expect(store.check(StoreFixture.plan).source == .image)
    }
}
