import Foundation
import Observation
import Testing
@_spi(Baton) @testable import BatonStore

/// A page inserted at the end of a list the store holds is appended to the list in place
/// (`WriteBuffer.append(_:_:_:)`): the commit copies none of the list, a value read before
/// keeps what it read, an observer of the list is told once a page, and the image is given
/// the whole list.
@MainActor @Suite struct ListAppendTests {
    let edges = Slot("edges")
    let cursor = Slot("cursor")
    let connection: RecordKey = "client:root:__notes_connection"

    /// A connection of `count` edges `edge:i`, each with a cursor.
    func seeded(_ store: Store = Store(), count: Int = 100) -> Store {
        var changes = ChangeSet()
        let keys = (0..<count).map { RecordKey("edge:\($0)") }
        for (i, key) in keys.enumerated() { changes.write(.string("c\(i)"), to: cursor, of: key) }
        changes.write(.list(keys.map(Value.link)), to: edges, of: connection)
        store.commit(changes)
        return store
    }

    /// The change set of a page of edges `edge:<name>` inserted at the list's end, one edit a
    /// page.
    func pages(_ pages: [[String]]) -> ChangeSet {
        var changes = ChangeSet()
        for names in pages {
            let keys = names.map { RecordKey("edge:\($0)") }
            for key in keys { changes.write(.string("c-\(key.rawValue)"), to: cursor, of: key) }
            changes.edit(
                ListEdit(key: connection, slot: edges, operation: .insert(links: keys, atEnd: true, uniqueBy: nil)))
        }
        return changes
    }

    func list(_ store: Store) -> [Value] {
        guard case .list(let list)? = store.record(connection)?[untracked: edges] else { return [] }
        return list
    }

    func keys(_ store: Store) -> [String] { list(store).compactMap { $0.link?.rawValue } }

    /// The address of the list's storage; the list read to ask is let go before it returns.
    func storage(_ store: Store) -> UInt {
        list(store).withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    @Test func pagesJoinALongListInItsOwnStorage() {
        let store = seeded()
        // The first page outgrows the storage the list was written in: the list moves to
        // storage of twice the size. A copy would be made while the list it copies is alive,
        // so at another address.
        store.commit(pages([(1...50).map { "p\($0)" }]))
        let grown = storage(store)
        let generation = store.record(connection)?.generation
        store.commit(pages([["q1"]]))
        #expect(storage(store) == grown)
        store.commit(pages([["q2", "q3"]]))
        #expect(storage(store) == grown)
        #expect(store.record(connection)?.generation == generation)
        #expect(keys(store).count == 153)
        #expect(keys(store).suffix(5) == ["edge:p49", "edge:p50", "edge:q1", "edge:q2", "edge:q3"])
    }

    @Test func aListReadBeforeAPageLandsKeepsWhatItRead() {
        let store = seeded()
        store.commit(pages([["p1"]]))
        let read = list(store)
        store.commit(pages([["p2"]]))
        #expect(read.count == 101)
        #expect(read.last?.link == "edge:p1")
        #expect(keys(store).suffix(2) == ["edge:p1", "edge:p2"])
    }

    @Test func anObserverOfTheListIsToldOnceAPage() throws {
        let store = seeded()
        let record = try #require(store.record(connection))
        var told = 0
        func observe() {
            withObservationTracking {
                _ = record[slot: edges]
            } onChange: {
                MainActor.assumeIsolated { told += 1 }
            }
        }
        observe()
        store.commit(pages([["p1"]]))
        #expect(told == 1)
        observe()
        let summary = store.commit(pages([["p2"]]))
        #expect(told == 2)
        #expect(summary.fieldsWritten == 1, "the list; the edge is a record made")
        // A page whose every edge the list has already writes nothing and tells no one.
        observe()
        store.commit(pages([["p2"]]))
        #expect(told == 2)
    }

    @Test func theImageIsGivenTheWholeListWithThePage() throws {
        let disk = FakePersistence()
        let store = seeded(Store(persistence: disk))
        store.commit(pages([["p1"]]))
        store.commit(pages([["p2"]]))
        let entry = try #require(disk.batches.last?.entries.first { $0.snapshot.key == connection })
        guard case .list(let written)? = entry.snapshot[edges] else {
            Issue.record("the connection's row has no list")
            return
        }
        #expect(written.count == 102)
        #expect(written.suffix(2).map(\.link) == ["edge:p1", "edge:p2"])
    }

    /// The second edit of the list in one commit reads the list the first makes.
    @Test func twoPagesInOneCommitJoinInOrder() {
        let store = seeded()
        store.commit(pages([["p1", "p2"], ["p2", "p3"]]))
        #expect(keys(store).count == 103)
        #expect(keys(store).suffix(4) == ["edge:99", "edge:p1", "edge:p2", "edge:p3"])
    }
}
