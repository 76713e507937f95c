import Foundation
import Testing
@testable import BatonStore

/// A commit plans, then applies: planning reads the table and the overlay and writes
/// neither; everything it decided lands in the middle of the apply.
@MainActor @Suite struct CommitPlanTests {
    let name = Slot("name")

    @Test func planningAServerCommitUnderALayerChangesNothingUntilItApplies() throws {
        let store = Store()
        var base = ChangeSet()
        base.write(.string("Rick"), to: name, of: "Character:1")
        base.write(.string("Morty"), to: name, of: "Character:2")
        store.commit(base)
        var optimistic = ChangeSet()
        optimistic.write(.string("Rick Prime"), to: name, of: "Character:1")
        optimistic.write(.string("Morty Prime"), to: name, of: "Character:2")
        store.applyOptimistic(optimistic)

        // The server renames Character:1 beneath the layer and deletes Character:2.
        var server = ChangeSet()
        server.write(.string("Rick Sanchez"), to: name, of: "Character:1")
        server.delete("Character:2")
        let rick = try #require(store.record("Character:1"))
        let morty = try #require(store.record("Character:2"))
        var plan = CommitContext(tracksPersistence: false, overlay: store.overlay)
        store.applyToBase(server, in: &plan)

        #expect(store.overlay.beneath(rick, name)?.value == .string("Rick"))
        #expect(store.overlay.covers(morty))
        #expect(store.table.state("Character:2").presence == .live)
        #expect(store.record("Character:2") != nil)
        // The plan holds the overlay as it will be.
        #expect(plan.overlay.beneath(rick, name)?.value == .string("Rick Sanchez"))
        #expect(!plan.overlay.covers(morty))

        _ = store.finish(&plan)
        #expect(store.overlay.beneath(rick, name)?.value == .string("Rick Sanchez"))
        #expect(!store.overlay.covers(morty))
        #expect(store.isDeleted("Character:2"))
        #expect(store.record("Character:1")?[untracked: name] == .string("Rick Prime"))
    }
}
