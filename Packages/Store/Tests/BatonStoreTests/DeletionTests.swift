import Foundation
import Testing
import BatonStore

@MainActor @Suite struct DeletionTests {
    let results = Slot("results")
    let name = Slot("name")

    func seeded() -> Store {
        let store = Store()
        var changes = ChangeSet()
        changes.write(.link("client:root:list"), to: Slot("list"), of: .root)
        changes.write(
            .list([.link("Character:1"), .link("Character:2"), .link("Character:3")]), to: results,
            of: "client:root:list")
        for id in 1...3 { changes.write(.string("C\(id)"), to: name, of: RecordKey(type: "Character", id: String(id))) }
        store.commit(changes)
        return store
    }

    @Test func deletingARecordNotifiesTheListThatLinkedItAndNothingElse() {
        let store = seeded()
        let list = store.record("client:root:list")!
        let log = FireLog()
        track("list", in: log) { _ = list[slot: results] }
        track("root", in: log) { _ = store.root[slot: Slot("list")] }
        track("other", in: log) { _ = store.record("Character:1")![slot: name] }
        let summary = store.commit(ChangeSet(snapshots: [], deletions: ["Character:2"]))
        #expect(log.fired == ["list": 1])
        #expect(summary.recordsDeleted == 1)
        #expect(summary.fieldsNotified == 1)
    }

    @Test func aLinkToADeletedRecordReadsAsMissing() {
        let store = seeded()
        store.commit(ChangeSet(snapshots: [], deletions: ["Character:2"]))
        #expect(store.record("Character:2") == nil)
        #expect(store.isDeleted("Character:2"))
        let elements = store.record("client:root:list")![untracked: results]
        guard case .list(let links)? = elements else { Issue.record("no list"); return }
        #expect(links.map { store.resolve($0)?.key } == ["Character:1", nil, "Character:3"])
    }

    @Test func aDeletedRecordWrittenAgainInTheSameCommitIsReplacedInPlace() {
        let store = seeded()
        let record = store.record("Character:2")!
        var changes = ChangeSet()
        changes.write(.string("x"), to: Slot("status"), of: "Character:2")
        changes.delete("Character:2")
        changes.write(.string("Replaced"), to: name, of: "Character:2")
        let log = FireLog()
        track("name", in: log) { _ = record[slot: name] }
        store.commit(changes)
        #expect(store.record("Character:2") === record)
        #expect(RecordSnapshot(record) == RecordSnapshot(key: "Character:2", values: ["name": .string("Replaced")]))
        #expect(log.fired == ["name": 1])
        #expect(!store.isDeleted("Character:2"))
    }

    @Test func writingADeletedKeyAgainBringsItBack() {
        let store = seeded()
        store.commit(ChangeSet(snapshots: [], deletions: ["Character:2"]))
        var changes = ChangeSet()
        changes.write(.string("Back"), to: name, of: "Character:2")
        store.commit(changes)
        #expect(!store.isDeleted("Character:2"))
        #expect(store.record("Character:2")?[untracked: name] == .string("Back"))
    }
}
