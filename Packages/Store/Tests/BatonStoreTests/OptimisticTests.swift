import Foundation
import Testing
import BatonStore

@MainActor @Suite struct OptimisticTests {
    let name = FieldSlot.named("name")
    let status = FieldSlot.named("status")
    let id = FieldSlot.named("id")
    let rename = SpecFixture.plan("TestRename", variables: ["id": "1", "name": "Rick Prime"])

    func seeded(persistence: (any Persistence)? = nil) -> Store {
        let store = Store(normalization: SpecFixture.normalization, persistence: persistence)
        store.commit(
            ChangeSet(snapshots: [
                RecordSnapshot(
                    key: "Character:1",
                    values: [
                        "__typename": .string("Character"), "id": .string("1"), "name": .string("Rick Sanchez"),
                        "status": .string("Alive"),
                    ])
            ]))
        return store
    }

    func renamed(_ newName: String) -> Data {
        Data(#"{"data":{"rename":{"character":{"id":"1","name":"\#(newName)"}}}}"#.utf8)
    }

    func server(_ newName: String) throws -> ChangeSet {
        try Ingest().ingest(renamed(newName), plan: rename).changes
    }

    func layer(_ values: [String: Value]) -> ChangeSet {
        ChangeSet(snapshots: [RecordSnapshot(key: "Character:1", values: values)])
    }

    func visibleName(_ store: Store) -> Value? { store.record("Character:1")?[untracked: name.slot] }

    /// Tracks `name`, `status` and `id` of Character:1 in three view-like closures.
    func watch(_ store: Store, _ log: FireLog) {
        let rick = store.record("Character:1")!
        track("name", in: log) { _ = rick[name] }
        track("status", in: log) { _ = rick[status] }
        track("id", in: log) { _ = rick[id] }
    }

    @Test func anOptimisticResponseShowsInTheSameTurnAndNotifiesOnlyWhatItChanges() throws {
        let store = seeded()
        let log = FireLog()
        watch(store, log)
        let layer = try store.applyOptimistic(renamed("Rick Prime"), plan: rename)
        #expect(log.fired == ["name": 1])
        #expect(visibleName(store) == .string("Rick Prime"))
        #expect(store.optimisticLayers == [layer])
    }

    @Test func revertingTheLayerRestoresTheBaseAndNotifiesOnlyTheFieldsItChanged() throws {
        let store = seeded()
        let layer = try store.applyOptimistic(renamed("Rick Prime"), plan: rename)
        let log = FireLog()
        watch(store, log)
        let summary = store.revert(layer)
        #expect(log.fired == ["name": 1])
        // Character:1's name and the mutation root's field; the payload record leaves memory.
        #expect(summary.fieldsWritten == 2)
        #expect(summary.recordsDeleted == 1)
        #expect(visibleName(store) == .string("Rick Sanchez"))
        #expect(store.optimisticLayers.isEmpty)
        #expect(store.revert(layer) == CommitSummary())
    }

    @Test func landingWithTheSameValueAsTheLayerNotifiesNothing() throws {
        let store = seeded()
        let layer = try store.applyOptimistic(renamed("Rick Prime"), plan: rename)
        let log = FireLog()
        watch(store, log)
        let summary = store.commit(try server("Rick Prime"), replacing: layer)
        #expect(log.total == 0)
        #expect(summary.fieldsNotified == 0)
        #expect(visibleName(store) == .string("Rick Prime"))
        #expect(store.optimisticLayers.isEmpty)
    }

    @Test func landingWithADifferentValueNotifiesThatFieldOnce() throws {
        let store = seeded()
        let layer = try store.applyOptimistic(renamed("Rick Prime"), plan: rename)
        let log = FireLog()
        watch(store, log)
        store.commit(try server("Rick C-137"), replacing: layer)
        #expect(log.fired == ["name": 1])
        #expect(visibleName(store) == .string("Rick C-137"))
        // The server's value is now the base: nothing is left to revert to.
        store.revert(layer)
        #expect(visibleName(store) == .string("Rick C-137"))
    }

    @Test func revertingAMiddleLayerRecomputesFromTheLayersThatRemain() {
        let store = seeded()
        let first = store.applyOptimistic(layer(["name": .string("B")]))
        let middle = store.applyOptimistic(layer(["name": .string("C"), "status": .string("Dead")]))
        let top = store.applyOptimistic(layer(["name": .string("D")]))
        let log = FireLog()
        watch(store, log)
        store.revert(middle)
        // name still shows the top layer's D; status falls back to the base.
        #expect(log.fired == ["status": 1])
        #expect(visibleName(store) == .string("D"))
        #expect(store.record("Character:1")?[untracked: status.slot] == .string("Alive"))
        store.revert(top)
        #expect(visibleName(store) == .string("B"))
        #expect(log.fired == ["status": 1, "name": 1])
        store.revert(first)
        #expect(visibleName(store) == .string("Rick Sanchez"))
        #expect(store.optimisticLayers.isEmpty)
    }

    @Test func aCommitToTheBaseStaysUnderTheLayerUntilItIsReverted() {
        let store = seeded()
        let layer = store.applyOptimistic(layer(["name": .string("Optimistic")]))
        let log = FireLog()
        watch(store, log)
        var changes = ChangeSet()
        changes.write(.string("Server"), to: name.slot, of: "Character:1")
        changes.write(.string("Dead"), to: status.slot, of: "Character:1")
        store.commit(changes)
        #expect(log.fired == ["status": 1])
        #expect(visibleName(store) == .string("Optimistic"))
        store.revert(layer)
        #expect(visibleName(store) == .string("Server"))
        #expect(log.fired == ["status": 1, "name": 1])
    }

    @Test func aFailedMutationRevertsOnlyTheFieldsWhoseVisibleValueChanges() {
        let store = seeded()
        // The layer writes the id and status it already had and a new name.
        let layer = store.applyOptimistic(
            layer(["id": .string("1"), "status": .string("Alive"), "name": .string("X")]))
        let log = FireLog()
        watch(store, log)
        store.revert(layer)
        #expect(log.fired == ["name": 1])
    }

    @Test func aRecordOnlyALayerWroteLeavesMemoryWhenTheLayerIsReverted() {
        let store = seeded()
        var changes = ChangeSet()
        changes.write(.link("Note:temp"), to: Slot("pinned"), of: "Character:1")
        changes.write(.string("draft"), to: Slot("text"), of: "Note:temp")
        let layer = store.applyOptimistic(changes)
        #expect(store.record("Note:temp")?[untracked: Slot("text")] == .string("draft"))
        store.revert(layer)
        #expect(store.record("Note:temp") == nil)
        #expect(store.record("Character:1")?[untracked: Slot("pinned")] == nil)
    }

    @Test func thePersistenceReceivesBaseValuesNeverALayersValues() {
        let disk = FakePersistence()
        let store = seeded(persistence: disk)
        let layer = store.applyOptimistic(layer(["name": .string("Optimistic")]))
        #expect(disk.batches.count == 1)  // the seed only
        var changes = ChangeSet()
        changes.write(.string("Dead"), to: status.slot, of: "Character:1")
        store.commit(changes)
        let written = disk.batches.last?.entries.first?.snapshot
        #expect(written?["name"] == .string("Rick Sanchez"))
        #expect(written?["status"] == .string("Dead"))
        store.revert(layer)
        #expect(disk.batches.count == 2)
    }

    @Test func aMalformedOptimisticResponseThrowsAndChangesNothing() {
        let store = seeded()
        #expect(throws: StoreError.self) {
            try store.applyOptimistic(Data("{\"data\":{\"rename\":".utf8), plan: rename)
        }
        #expect(store.optimisticLayers.isEmpty)
        #expect(visibleName(store) == .string("Rick Sanchez"))
    }
}

@MainActor @Suite struct OptimisticDeletionTests {
    let results = Slot("results")

    func seeded() -> Store {
        let store = Store()
        var changes = ChangeSet()
        changes.write(.list([.link("Note:1"), .link("Note:2")]), to: results, of: "client:root:notes")
        changes.write(.string("one"), to: Slot("text"), of: "Note:1")
        changes.write(.string("two"), to: Slot("text"), of: "Note:2")
        store.commit(changes)
        return store
    }

    func deleting(_ key: RecordKey) -> ChangeSet {
        ChangeSet(snapshots: [], deletions: [key])
    }

    @Test func aLayerThatDeletesARecordHidesItAndNotifiesTheListThatLinksIt() {
        let store = seeded()
        let list = store.record("client:root:notes")!
        let note = store.record("Note:2")!
        let log = FireLog()
        track("list", in: log) { _ = list[slot: results] }
        let layer = store.applyOptimistic(deleting("Note:2"))
        #expect(log.fired == ["list": 1])
        #expect(store.record("Note:2") == nil)
        track("list", in: log) { _ = list[slot: results] }
        store.revert(layer)
        #expect(log.fired == ["list": 2])
        #expect(store.record("Note:2") === note)
    }

    @Test func landingTheServersDeletionKeepsTheRecordGoneWithoutANotification() {
        let store = seeded()
        let list = store.record("client:root:notes")!
        let layer = store.applyOptimistic(deleting("Note:2"))
        let log = FireLog()
        track("list", in: log) { _ = list[slot: results] }
        store.commit(deleting("Note:2"), replacing: layer)
        #expect(log.total == 0)
        #expect(store.record("Note:2") == nil)
        #expect(store.isDeleted("Note:2"))
    }

    @Test func aBaseCommitToAHiddenRecordShowsWhenTheLayerIsReverted() {
        let store = seeded()
        let layer = store.applyOptimistic(deleting("Note:2"))
        var changes = ChangeSet()
        changes.write(.string("two, edited"), to: Slot("text"), of: "Note:2")
        store.commit(changes)
        #expect(store.record("Note:2") == nil)
        store.revert(layer)
        #expect(store.record("Note:2")?[untracked: Slot("text")] == .string("two, edited"))
    }
}

/// An optimistic response is written by hand, so a member its operation does not select is a
/// typo, and what the schema rules out a mistake: each is rejected before anything shows.
@MainActor @Suite struct OptimisticTypoTests {
    let name = FieldSlot.named("name")
    let rename = SpecFixture.plan("TestRename", variables: ["id": "1", "name": "Rick Prime"])

    @Test func anOptimisticResponseWithAnUnselectedKeyThrowsAndLeavesTheStoreAsItWas() throws {
        let store = Store(normalization: SpecFixture.normalization)
        store.commit(
            ChangeSet(snapshots: [
                RecordSnapshot(
                    key: "Character:1",
                    values: [
                        "__typename": .string("Character"), "id": .string("1"), "name": .string("Rick Sanchez"),
                    ])
            ]))
        let rick = try #require(store.record("Character:1"))
        let hadMutationRoot = store.record(.mutationRoot) != nil
        let log = FireLog()
        track("name", in: log) { _ = rick[name] }
        let typo = Data(#"{"data":{"rename":{"character":{"id":"1","nmae":"Rick Prime"}}}}"#.utf8)

        #expect {
            try store.applyOptimistic(typo, plan: rename)
        } throws: { error in
            guard case .optimisticResponse(let ingest, let operation) = error as? StoreError else { return false }
            return operation == "TestRename" && ingest.kind == .unselectedKey("nmae", nearest: "name")
                && ingest.pathText == "rename.character" && "\(ingest)".contains(#""nmae""#)
                && "\(ingest)".contains("rename.character") && "\(ingest)".contains(#"did you mean "name""#)
        }
        #expect(store.optimisticLayers.isEmpty)
        #expect(log.total == 0)
        #expect(rick[untracked: name.slot] == .string("Rick Sanchez"))
        #expect((store.record(.mutationRoot) != nil) == hadMutationRoot)
    }

    @Test func anOptimisticResponseTheSchemaRulesOutThrowsAndLeavesTheStoreAsItWas() throws {
        let store = Store(normalization: SpecFixture.normalization)
        let location = Data(
            #"{"data":{"rename":{"character":{"__typename":"Location","id":"1","name":"Rick Prime"}}}}"#.utf8)

        #expect {
            try store.applyOptimistic(location, plan: rename)
        } throws: { error in
            guard case .optimisticResponse(let ingest, _) = error as? StoreError else { return false }
            return ingest.kind == .impossibleTypename("Location", position: "Character", possible: ["Character"])
                && ingest.pathText == "rename.character.__typename"
        }
        #expect(store.optimisticLayers.isEmpty)
        #expect(store.record("Character:1") == nil)
    }

    @Test func aTypenameIsAcceptedWhereverTheSelectionLeavesItOut() throws {
        let store = Store(normalization: SpecFixture.normalization)
        let response = Data(
            #"{"data":{"__typename":"Mutation","rename":{"__typename":"FavoritePayload","character":{"__typename":"Character","id":"1","name":"Rick Prime"}}}}"#
                .utf8)
        try store.applyOptimistic(response, plan: rename)
        #expect(store.record("Character:1")?[untracked: name.slot] == .string("Rick Prime"))
    }
}
