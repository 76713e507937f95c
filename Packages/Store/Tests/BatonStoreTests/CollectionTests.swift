import Foundation
import Testing
import BatonStore

@MainActor @Suite struct CollectionTests {
    let fixtureRecords = StoreFixture.changes.snapshots.count + 2  // the two roots it does not write

    /// The fixture, plus `extra` records nothing selected reaches.
    func store(extra: Int, bufferSize: Int = 10) -> Store {
        let store = Store(normalization: StoreFixture.normalization, releaseBufferSize: bufferSize)
        store.commit(StoreFixture.changes)
        var changes = ChangeSet()
        for i in 0..<extra {
            changes.write(.string("x"), to: Slot("name"), of: RecordKey(type: "Character", id: "x\(i)"))
        }
        store.commit(changes)
        return store
    }

    func otherPlan(_ page: Int) -> OperationPlan {
        try! OperationPlan(
            "query($page: Int) { characters(page: $page) { info { count } } }", variables: ["page": .int(page)],
            normalization: StoreFixture.normalization)
    }

    @Test func collectionKeepsWhatARetainedOperationReadsAndFreesTheRest() {
        let store = store(extra: 50)
        #expect(store.recordCount == fixtureRecords + 50)
        let token = store.retain(StoreFixture.plan)
        #expect(store.collect() == 50)
        #expect(store.recordCount == fixtureRecords)
        #expect(store.check(StoreFixture.plan).availability == .available)
        token.release()
    }

    @Test func withNothingRetainedOnlyTheRootsRemain() {
        let store = store(extra: 5)
        #expect(store.collect() == fixtureRecords + 5 - 3)
        #expect(store.keys == [.root, .mutationRoot, .subscriptionRoot].sorted())
    }

    @Test func aReleasedOperationIsKeptByTheReleaseBufferUntilItFallsOut() {
        let store = store(extra: 0, bufferSize: 2)
        store.retain(StoreFixture.plan).release()
        #expect(store.collect() == 0)
        store.retain(otherPlan(2)).release()
        #expect(store.collect() == 0)
        store.retain(otherPlan(3)).release()
        #expect(store.bufferedOperations == [otherPlan(2).identity, otherPlan(3).identity])
        // The fixture fell out; its page's root field and info stay reachable from none.
        #expect(store.collect() == fixtureRecords - 3)
    }

    @Test func releasingTwiceReleasesOnce() {
        let store = store(extra: 0, bufferSize: 5)
        let token = store.retain(StoreFixture.plan)
        #expect(store.retainedOperations == [StoreFixture.plan.identity])
        token.release()
        token.release()
        #expect(store.bufferedOperations == [StoreFixture.plan.identity])
        #expect(store.retainedOperations.isEmpty)
        #expect(token.isReleased)
    }

    @Test func theWalkIsPreciseALinkTheOperationDoesNotSelectKeepsNothing() {
        let store = store(extra: 0)
        var changes = ChangeSet()
        changes.write(.link("Character:unselected"), to: Slot("nemesis"), of: "Character:1")
        changes.write(.string("Evil Morty"), to: Slot("name"), of: "Character:unselected")
        store.commit(changes)
        let token = store.retain(StoreFixture.plan)
        #expect(store.collect() == 1)
        #expect(store.record("Character:unselected") == nil)
        token.release()
    }

    @Test func anOptimisticLayerKeepsTheRecordsItWrites() {
        let store = store(extra: 0)
        var changes = ChangeSet()
        changes.write(.link("Note:draft"), to: Slot("pinned"), of: "Character:1")
        changes.write(.string("draft"), to: Slot("text"), of: "Note:draft")
        let layer = store.applyOptimistic(changes)
        store.collect()
        #expect(store.record("Note:draft") != nil)
        #expect(store.record("Character:1") != nil)
        store.revert(layer)
        #expect(store.record("Note:draft") == nil)
    }

    @Test func aRecordReachedThroughALookupIsKept() throws {
        let store = Store(
            normalization: StoreFixture.normalization,
            lookups: [LookupRule(field: "character", argument: "id", type: "Character")])
        store.commit(StoreFixture.changes)
        let plan = try OperationPlan(
            "query { character(id: 5) { id name } }", normalization: StoreFixture.normalization)
        let token = store.retain(plan)
        store.collect()
        #expect(store.record("Character:5") != nil)
        #expect(store.recordCount == 4)
        token.release()
    }
}
