import Foundation
import Observation
import Synchronization
import Testing
import BatonStore

/// What observers saw when they re-read: one entry per re-read.
final class SeenLog: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

@MainActor @Suite struct AtomicityTests {
    static let name = Slot("name")
    static let status = Slot("status")

    /// The three fields the commit changes, read untracked, as one string.
    static func read(_ store: Store) -> String {
        let rick = store.record("Character:1")?[untracked: name]?.description ?? "-"
        let morty = store.record("Character:2")?[untracked: name]?.description ?? "-"
        let status = store.record("Character:2")?[untracked: status]?.description ?? "-"
        return "\(rick) \(morty) \(status)"
    }

    func seeded() -> Store {
        let store = Store()
        var changes = ChangeSet()
        changes.write(.string("Rick"), to: Self.name, of: "Character:1")
        changes.write(.string("Morty"), to: Self.name, of: "Character:2")
        changes.write(.string("Alive"), to: Self.status, of: "Character:2")
        store.commit(changes)
        return store
    }

    func commitAll(_ store: Store) {
        var changes = ChangeSet()
        changes.write(.string("Rick C-137"), to: Self.name, of: "Character:1")
        changes.write(.string("Morty Smith"), to: Self.name, of: "Character:2")
        changes.write(.string("Dead"), to: Self.status, of: "Character:2")
        store.commit(changes)
    }

    @Test func anObserverReReadingWhenToldSeesNoneOfTheCommit() {
        let store = seeded()
        let seen = SeenLog()
        // One view per field, each re-reading everything as soon as it is told.
        for (key, slot) in [("Character:1", Self.name), ("Character:2", Self.name), ("Character:2", Self.status)] {
            let record = store.record(RecordKey(key))!
            withObservationTracking {
                _ = record[slot: slot]
            } onChange: {
                MainActor.assumeIsolated { seen.append(Self.read(store)) }
            }
        }
        commitAll(store)
        #expect(seen.all == Array(repeating: "\"Rick\" \"Morty\" \"Alive\"", count: 3))
    }

    @Test func anObserverReReadingOnTheNextTurnSeesAllOfTheCommit() async {
        let store = seeded()
        let seen = SeenLog()
        for (key, slot) in [("Character:1", Self.name), ("Character:2", Self.status)] {
            let record = store.record(RecordKey(key))!
            withObservationTracking {
                _ = record[slot: slot]
            } onChange: {
                Task { @MainActor in seen.append(Self.read(store)) }
            }
        }
        commitAll(store)
        for _ in 0..<100 where seen.all.count < 2 { await Task.yield() }
        #expect(seen.all == Array(repeating: "\"Rick C-137\" \"Morty Smith\" \"Dead\"", count: 2))
    }

    @Test func aStructuralReadWhenToldSeesNeitherTheNewLinkNorTheNewRecord() {
        let store = seeded()
        var link = ChangeSet()
        link.write(.link("Character:1"), to: Slot("hero"), of: .root)
        store.commit(link)
        let seen = SeenLog()
        withObservationTracking {
            _ = store.root[slot: Slot("hero")]
        } onChange: {
            MainActor.assumeIsolated {
                let hero = store.root[untracked: Slot("hero")]?.description ?? "-"
                seen.append("\(hero) \(store.record("Character:3") == nil)")
            }
        }
        var changes = ChangeSet()
        changes.write(.link("Character:3"), to: Slot("hero"), of: .root)
        changes.write(.string("Summer"), to: Self.name, of: "Character:3")
        store.commit(changes)
        #expect(seen.all == ["→Character:1 true"])
        #expect(store.record("Character:3") != nil)
    }
}
