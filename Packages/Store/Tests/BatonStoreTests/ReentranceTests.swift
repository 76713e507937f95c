import Foundation
import Observation
import Testing
@testable import BatonStore

/// A walk's nodes borrow the records they reach, and a commit holds the overlay and its
/// planned writes until it has applied them, so nothing may change the store during either;
/// debug builds trap a change that tries (`Store+Reentrance.swift`).
@Suite struct ReentranceTests {
    #if DEBUG
    @Test func aCommitFromAnObserverToldDuringACheckTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let store = Store(
                    normalization: StoreFixture.normalization,
                    persistence: FakePersistence(rows: StoreFixture.changes.snapshots))
                var changes = ChangeSet()
                changes.write(.string("Rick"), to: FieldSlot.named("name").slot, of: "Character:1")
                store.commit(changes)
                let rick = store.record("Character:1")!
                // Read as absent: the check's fill from the disk tells this observer, which
                // commits at once instead of from a Task.
                withObservationTracking {
                    _ = rick[FieldSlot.named("status")]
                } onChange: {
                    MainActor.assumeIsolated {
                        var again = ChangeSet()
                        again.write(.string("Morty"), to: FieldSlot.named("name").slot, of: "Character:2")
                        store.commit(again)
                    }
                }
                _ = store.check(StoreFixture.plan)
            }
        }
    }

    @Test func aCommitFromAnObserverToldDuringACommitTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let store = Store(normalization: StoreFixture.normalization)
                var changes = ChangeSet()
                changes.write(.string("Rick"), to: FieldSlot.named("name").slot, of: "Character:1")
                store.commit(changes)
                let rick = store.record("Character:1")!
                withObservationTracking {
                    _ = rick[FieldSlot.named("name")]
                } onChange: {
                    MainActor.assumeIsolated {
                        var again = ChangeSet()
                        again.write(.string("Morty"), to: FieldSlot.named("name").slot, of: "Character:2")
                        store.commit(again)
                    }
                }
                var rename = ChangeSet()
                rename.write(.string("Rick C-137"), to: FieldSlot.named("name").slot, of: "Character:1")
                store.commit(rename)
            }
        }
    }
    #endif
}
