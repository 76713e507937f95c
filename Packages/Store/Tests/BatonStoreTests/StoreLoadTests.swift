import Foundation
import Observation
import Synchronization
import Testing
import BatonNormalize
import BatonRecords
import BatonStore

/// Load: 10,000 records, the 1,000 an operation reads observed field by field, 200 commits
/// of seeded random field changes. Notifications are exactly the observed fields whose value
/// changed; collection returns memory to the retained set; nothing outlives the store.
@MainActor
@Suite struct StoreLoadTests {
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let plan = try! OperationPlan("query Items { items { id a b c } }")
    static let fields = ["a", "b", "c"].map(Slot.init)
    static func key(_ i: Int) -> RecordKey { RecordKey("Item:\(i)") }

    /// Counts `onChange` calls (they come on the committing thread; the count is shared).
    final class Counter: Sendable {
        let value = Mutex(0)
        func bump() { value.withLock { $0 += 1 } }
        var count: Int { value.withLock { $0 } }
    }

    /// The 10,000 records, the first 1,000 listed by the root's `items`.
    static func seed() -> ChangeSet {
        var changes = ChangeSet()
        for i in 0..<10_000 {
            let key = key(i)
            changes.write(.string("Item"), to: .typename, of: key)
            changes.write(.string(String(i)), to: Slot("id"), of: key)
            for field in fields { changes.write(.int(0), to: field, of: key) }
        }
        changes.write(.list((0..<1000).map { .link(key($0)) }), to: Slot("items"), of: .root)
        return changes
    }

    /// Observes `field` of `record` once: `onChange` bumps `counter`.
    func observe(_ record: Record, _ field: Slot, _ counter: Counter) {
        withObservationTracking {
            _ = record[slot: field]
        } onChange: {
            counter.bump()
        }
    }

    @Test func twoHundredRandomCommitsNotifyExactlyTheObservedFieldsThatChangedAndCollectionKeepsTheRetainedSet() throws
    {
        var weakRecords: [WeakRecord] = []
        do {
            // No release buffer: a released operation's records go at the next collection.
            let store = Store(releaseBufferSize: 0)
            _ = store.commit(Self.seed())
            #expect(store.recordCount == 10_000 + 3)
            let token = store.retain(Self.plan)

            // The observed fields: field `a` of every retained record, `b` of every tenth.
            var observed: [(record: Record, field: Slot)] = []
            for i in 0..<1000 {
                let record = try #require(store.record(Self.key(i)))
                observed.append((record, Self.fields[0]))
                if i % 10 == 0 { observed.append((record, Self.fields[1])) }
            }
            var counters: [Counter] = observed.map { _ in Counter() }
            for (index, entry) in observed.enumerated() { observe(entry.record, entry.field, counters[index]) }
            let position = Dictionary(
                uniqueKeysWithValues: observed.enumerated().map {
                    (ObservedField(key: $0.element.record.key, field: $0.element.field), $0.offset)
                })

            var random = SeededGenerator(state: 2026)
            var expected = 0
            var notified = 0
            for _ in 0..<200 {
                var changes = ChangeSet()
                var written: [ObservedField: Value] = [:]
                for _ in 0..<100 {
                    // Half the writes land on the observed thousand; values repeat often.
                    let i =
                        Bool.random(using: &random)
                        ? Int.random(in: 0..<1000, using: &random)
                        : Int.random(in: 0..<10_000, using: &random)
                    let field = Self.fields[Int.random(in: 0..<3, using: &random)]
                    let value = Value.int(Int.random(in: 0..<3, using: &random))
                    changes.write(value, to: field, of: Self.key(i))
                    written[ObservedField(key: Self.key(i), field: field)] = value
                }
                for (cell, value) in written {
                    guard position[cell] != nil else { continue }
                    if let record = store.record(cell.key), !record.holds(value, at: cell.field) { expected += 1 }
                }
                _ = store.commit(changes)
                // Re-observe what fired: `onChange` fires once per registration.
                for index in counters.indices where counters[index].count > 0 {
                    notified += counters[index].count
                    #expect(counters[index].count == 1)
                    counters[index] = Counter()
                    observe(observed[index].record, observed[index].field, counters[index])
                }
            }
            #expect(expected > 100)
            #expect(notified == expected)

            // Collection frees everything but the retained thousand and the roots.
            let freed = store.collect()
            #expect(freed == 9_000)
            #expect(store.recordCount == 1000 + 3)
            weakRecords = (0..<10_000).map { WeakRecord(store.record(Self.key($0))) }
            weakRecords += observed.map { WeakRecord($0.record) }
            observed.removeAll()
            token.release()
            #expect(store.collect() == 1000)
            #expect(store.recordCount == 3)
        }
        // The store is gone: no record it held survives (no cycle through registrars,
        // observation closures or the name table).
        #expect(weakRecords.count == 11_100)
        #expect(weakRecords.allSatisfy { $0.record == nil })
    }

    @Test func everyRecordIsFreedWhenTheStoreGoesAwayWithoutCollection() {
        var weakRecords: [WeakRecord] = []
        do {
            let store = Store()
            _ = store.commit(Self.seed())
            let counter = Counter()
            for i in 0..<1000 { observe(store.record(Self.key(i))!, Self.fields[0], counter) }
            weakRecords = (0..<10_000).map { WeakRecord(store.record(Self.key($0))) }
            #expect(weakRecords.allSatisfy { $0.record != nil })
        }
        #expect(weakRecords.allSatisfy { $0.record == nil })
    }
}

struct ObservedField: Hashable {
    let key: RecordKey
    let field: Slot
}

struct WeakRecord {
    weak var record: Record?
    init(_ record: Record?) { self.record = record }
}
