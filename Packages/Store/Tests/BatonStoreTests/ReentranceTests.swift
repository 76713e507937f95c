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
                let store = Self.storeWithRick(persistence: FakePersistence(rows: StoreFixture.changes.snapshots))
                // Read as absent: the check's fill from the disk tells the observer.
                Self.commitWhenChanged("status", of: "Character:1", in: store)
                _ = store.check(StoreFixture.plan)
            }
        }
    }

    @Test func aCommitFromAnObserverToldDuringACommitTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let store = Self.storeWithRick()
                Self.commitWhenChanged("name", of: "Character:1", in: store)
                store.commit(Self.naming("Character:1", "Rick C-137"))
            }
        }
    }
    #endif

    /// A store that holds `Character:1` with its name alone.
    @MainActor
    static func storeWithRick(persistence: (any Persistence)? = nil) -> Store {
        let store = Store(normalization: StoreFixture.normalization, persistence: persistence)
        store.commit(naming("Character:1", "Rick"))
        return store
    }

    /// Observes `field` of `key`'s record and, when told of a change, commits at once from the
    /// callback instead of from a `Task`.
    @MainActor
    static func commitWhenChanged(_ field: String, of key: RecordKey, in store: Store) {
        let record = store.record(key)!
        withObservationTracking {
            _ = record[FieldSlot.named(field)]
        } onChange: {
            MainActor.assumeIsolated { _ = store.commit(naming("Character:2", "Morty")) }
        }
    }

    /// A change set writing `name` as `key`'s name.
    static func naming(_ key: RecordKey, _ name: String) -> ChangeSet {
        var changes = ChangeSet()
        changes.write(.string(name), to: FieldSlot.named("name").slot, of: key)
        return changes
    }
}
