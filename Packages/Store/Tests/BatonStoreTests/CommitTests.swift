import Foundation
import Testing
@testable import BatonStore

@MainActor @Suite struct CommitTests {
    let name = FieldSlot.named("name")
    let status = FieldSlot.named("status")

    @Test func theRootsExistFromTheStartWithTheirSchemaTypenames() {
        let store = Store(normalization: StoreFixture.normalization)
        #expect(store.recordCount == 3)
        #expect(store.record(.root)?.typename == "Query")
        #expect(store.record(.mutationRoot)?.typename == "Mutation")
        #expect(store.record(.subscriptionRoot)?.typename == "Subscription")
    }

    @Test func theFixtureCommitsIntoAnEmptyStoreAsItsRecords() {
        let store = Store(normalization: StoreFixture.normalization)
        let summary = store.commit(StoreFixture.changes)
        // 899 records, the query root among them (it existed already).
        #expect(store.recordCount == StoreFixture.changes.snapshots.count + 2)
        #expect(summary.recordsCreated == StoreFixture.changes.snapshots.count - 1)
        #expect(summary.recordsChanged == 1)  // the root gained characters(page:1)
        #expect(store.record("Character:1")?[untracked: name.slot] == .string("Rick Sanchez"))
        for snapshot in StoreFixture.changes.snapshots {
            #expect(RecordSnapshot(store.record(snapshot.key)!) == snapshot)
        }
    }

    @Test func aCommitChangingOneFieldOfTheFixtureScreenFiresExactlyOneRowView() {
        let store = StoreFixture.store()
        let rows = footprint(of: StoreFixture.plan, in: store)
        #expect(rows.count == 899)
        let log = FireLog()
        for row in rows { track(row.record.key.rawValue, in: log) { readAll(row.record, row.fields) } }
        var changes = ChangeSet()
        changes.write(.string("Rick C-137"), to: name.slot, of: "Character:1")
        let summary = store.commit(changes)
        #expect(log.fired == ["Character:1": 1])
        #expect(summary.fieldsWritten == 1)
        #expect(summary.fieldsNotified == 1)
        #expect(store.record("Character:1")?[untracked: name.slot] == .string("Rick C-137"))
    }

    @Test func aCommitOfEqualValuesNotifiesNoOne() {
        let store = StoreFixture.store()
        let rows = footprint(of: StoreFixture.plan, in: store)
        let log = FireLog()
        for row in rows { track(row.record.key.rawValue, in: log) { readAll(row.record, row.fields) } }
        let summary = store.commit(StoreFixture.changes)
        #expect(log.total == 0)
        #expect(summary == CommitSummary())
    }

    @Test func aTextInAnotherUnicodeNormalFormIsAChange() {
        let store = Store(normalization: StoreFixture.normalization)
        var first = ChangeSet()
        first.write(.string("Beth Sm\u{ED}th"), to: name.slot, of: "Character:4")
        store.commit(first)
        let beth = store.record("Character:4")!
        let log = FireLog()
        track("name", in: log) { _ = beth[name] }
        var again = ChangeSet()
        again.write(.string("Beth Smi\u{301}th"), to: name.slot, of: "Character:4")
        let summary = store.commit(again)
        #expect(log.fired == ["name": 1])
        #expect(summary.fieldsWritten == 1)
        guard case .string(let held)? = beth[untracked: name.slot] else {
            Issue.record("the name is gone")
            return
        }
        #expect(Array(held.utf8) == Array("Beth Smi\u{301}th".utf8))
    }

    @Test func aViewOfOneFieldIsNotNotifiedWhenAnotherFieldOfTheRecordChanges() {
        let store = StoreFixture.store()
        let rick = store.record("Character:1")!
        let log = FireLog()
        track("name", in: log) { _ = rick[name] }
        track("status", in: log) { _ = rick[status] }
        var changes = ChangeSet()
        changes.write(.string("Dead"), to: status.slot, of: "Character:1")
        store.commit(changes)
        #expect(log.fired == ["status": 1])
    }

    @Test func aNewRecordIsCreatedWithoutNotificationsAndReachedThroughTheLinkThatNotifies() {
        let store = Store()
        var first = ChangeSet()
        first.write(.link("Character:1"), to: Slot("hero"), of: .root)
        first.write(.string("Rick"), to: name.slot, of: "Character:1")
        store.commit(first)
        let log = FireLog()
        track("hero", in: log) { _ = store.root[FieldSlot.named("hero")] }
        var second = ChangeSet()
        second.write(.link("Character:2"), to: Slot("hero"), of: .root)
        second.write(.string("Morty"), to: name.slot, of: "Character:2")
        let summary = store.commit(second)
        #expect(log.fired == ["hero": 1])
        #expect(summary.recordsCreated == 1)
        #expect(summary.recordsChanged == 1)
        #expect(store.resolveLink(store.root, field: planField("hero"))?[untracked: name.slot] == .string("Morty"))
    }

    @Test func theSummaryCountsCreatedChangedAndWrittenFields() {
        let store = Store()
        var changes = ChangeSet()
        changes.write(.string("Rick"), to: name.slot, of: "Character:1")
        changes.write(.string("Alive"), to: status.slot, of: "Character:1")
        #expect(store.commit(changes).recordsCreated == 1)
        changes.write(.string("Dead"), to: status.slot, of: "Character:1")
        changes.write(.string("Rick C-137"), to: name.slot, of: "Character:1")
        let summary = store.commit(changes)
        #expect(summary.recordsCreated == 0)
        #expect(summary.recordsChanged == 1)
        #expect(summary.fieldsWritten == 2)
        #expect(summary.fieldsNotified == 0)  // nobody observed the record
    }
}

/// A root field plan named `name`, from a one-field query.
func planField(_ name: String) -> FieldPlan {
    let plan = try! OperationPlan("{ \(name) { id } }")
    return plan.root.resolved(for: nil).fields.first { $0.name == name }!
}
