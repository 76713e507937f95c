import Foundation
import Observation
import Testing
@testable import BatonLens

/// The context's cache of long lists' lenses (`ListLensCache`): a list read again resolves
/// nothing, a list that grew at its end resolves what it gained, and a read never shows a
/// lens over a record that left view or was replaced.
@MainActor
struct ListLensCacheTests {
    struct Connection: Fragment {
        static let typeCondition = "NoteConnection"
        struct Fields: FieldSet {
            let edges = Linked<[Edge]>("edges")
            let strictEdges = Linked<[StrictEdge]>("edges")
            let optionalEdges = Linked<[Edge?]>("edges")
            let rows = Linked<[[Edge]]>("rows")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Edge: Fragment {
        static let typeCondition = "NoteEdge"
        struct Fields: FieldSet { let cursor = Scalar<String?>("cursor") }
        static let fields = Fields()
        let ref: RecordRef
    }

    /// An edge with a `@required` field: its link reads that field, so its lists are
    /// resolved at each read.
    struct StrictEdge: Fragment {
        static let typeCondition = "NoteEdge"
        struct Fields: FieldSet { let cursor = Scalar<String>("cursor", required: .none) }
        static let fields = Fields()
        let ref: RecordRef
    }

    let connection: RecordKey = "client:root:__notes_connection"
    let edges = Slot("edges")
    let cursor = Slot("cursor")
    let store = Store()
    let context: LensContext
    /// The cache, owned here as an environment owns it.
    let cache = ListLensCache()

    init() {
        context = LensContext(store: store)
        context.listLenses = cache
    }

    /// Writes `count` edges `edge:i` (cursor `c<i>`) and the connection's list of them,
    /// followed by `dangling` keys without records and `nulls` null elements.
    func seed(_ count: Int, dangling: [RecordKey] = [], nulls: Int = 0) {
        var changes = ChangeSet()
        let keys = (0..<count).map { RecordKey("edge:\($0)") }
        for (i, key) in keys.enumerated() { changes.write(.string("c\(i)"), to: cursor, of: key) }
        let elements = (keys + dangling).map(Value.link) + Array(repeating: .null, count: nulls)
        changes.write(.list(elements), to: edges, of: connection)
        store.commit(changes)
    }

    func append(_ names: [String]) {
        var changes = ChangeSet()
        let keys = names.map { RecordKey("edge:\($0)") }
        for key in keys { changes.write(.string("c-\(key.rawValue)"), to: cursor, of: key) }
        changes.edit(
            ListEdit(
                key: connection, slot: edges, operation: .insert(links: keys, atEnd: true, uniqueBy: nil)))
        store.commit(changes)
    }

    /// The lens over `key` (the connection unless told), read in `context` (the suite's unless told).
    func lens(of key: RecordKey? = nil, in context: LensContext? = nil) throws -> Connection {
        Connection(
            ref: RecordRef(
                record: try #require(store.record(key ?? connection)), selection: nil, context: context ?? self.context)
        )
    }

    /// An environment over the store whose context read the connection's edges once (so its
    /// cache keeps them), and the first edge's record, which no read holds any more.
    func environmentThatReadTheEdges() throws -> (GraphQLEnvironment, firstEdge: () -> Record?) {
        let environment = GraphQLEnvironment(store: store, transport: ScriptedTransport(answering: "{}"))
        weak var edge: Record?
        edge = try lens(in: environment.lensContext).edges.first?.ref.record
        #expect(environment.listLenses.count == 1)
        return (environment, { edge })
    }

    func keys(_ list: [Edge]) -> [String] { list.map(\.key.rawValue) }

    /// The address of the storage of the connection's list; the list read to ask is let go
    /// before it returns.
    func listStorage() -> UInt? {
        guard case .list(let list)? = store.record(connection)?[untracked: edges] else { return nil }
        return LensContext.storage(of: list)
    }

    @Test func aLongListReadAgainResolvesNothing() throws {
        seed(100)
        let first = try lens().edges
        let again = try lens().edges
        #expect(cache.resolved == 100)
        #expect(keys(again) == keys(first))
        #expect(zip(first, again).allSatisfy { $0.ref.record === $1.ref.record })
    }

    @Test func aListThatGrewAtItsEndResolvesOnlyWhatItGained() throws {
        seed(100)
        _ = try lens().edges
        append(["p1", "p2", "p3"])
        let grown = try lens().edges
        #expect(cache.resolved == 103)
        #expect(keys(grown).suffix(4) == ["edge:99", "edge:p1", "edge:p2", "edge:p3"])
        #expect(grown.count == 103)
        for edge in grown { #expect(edge.ref.record === store.record(edge.key)) }
        #expect(try grown.last?.cursor == "c-edge:p3")
    }

    /// The store appends a page to the list in place, or moves it to larger storage when it
    /// outgrows its own, and writes nothing else of the connection: the cache tells the list
    /// at once, comparing no element.
    @Test func aListTheStoreAppendedToIsToldWithoutComparingItsElements() throws {
        seed(100)
        // More than the list's storage has room for: it moves, to storage of twice the size.
        append((1...50).map { "p\($0)" })
        #expect(try lens().edges.count == 150)
        // The entry kept does not hold the list: the next page grows it where it is (a copy
        // would be made while the list it copies is alive, so elsewhere).
        let storage = listStorage()
        append(["q1"])
        #expect(listStorage() == storage)
        #expect(try lens().edges.count == 151)
        // Outgrown again.
        append((1...100).map { "r\($0)" })
        let grown = try lens().edges
        #expect(cache.compared == 0)
        #expect(cache.resolved == 251)
        #expect(keys(grown)[149...151] == ["edge:p50", "edge:q1", "edge:r1"])
        #expect(keys(grown).last == "edge:r100")
        for edge in grown { #expect(edge.ref.record === store.record(edge.key)) }
    }

    /// Another field of the connection written: the list is compared once, element by
    /// element, and told at once again after.
    @Test func aListWhoseParentWroteAnotherFieldIsComparedOnce() throws {
        seed(100)
        _ = try lens().edges
        var count = ChangeSet()
        count.write(.int(100), to: Slot("totalCount"), of: connection)
        store.commit(count)
        #expect(try lens().edges.count == 100)
        #expect(try lens().edges.count == 100)
        #expect(cache.compared == 100)
        #expect(cache.resolved == 100)
    }

    /// A list of lists keeps one entry for its inner lists, which all have the same parent,
    /// field and element type: each inner list of the same length is told apart from the one
    /// kept, element by element, and reads its own elements.
    @Test func theInnerListsOfAListOfListsEachReadTheirOwnElements() throws {
        seed(30)
        var grid = ChangeSet()
        let row: (Range<Int>) -> Value = { .list($0.map { Value.link(RecordKey("edge:\($0)")) }) }
        grid.write(.list([row(0..<10), row(10..<20), row(20..<30)]), to: Slot("rows"), of: connection)
        store.commit(grid)
        for _ in 0..<2 {
            let rows = try lens().rows
            #expect(rows.map(keys) == [0, 10, 20].map { start in (start..<start + 10).map { "edge:\($0)" } })
        }
    }

    @Test func anElementWhoseRecordLeftViewIsDroppedAtTheNextRead() throws {
        seed(100)
        _ = try lens().edges
        store.commit(ChangeSet(snapshots: [], deletions: ["edge:5"]))
        let read = try lens().edges
        #expect(read.count == 99)
        #expect(!keys(read).contains("edge:5"))
        // The entry that no longer answers is let go, with the records it held.
        #expect(cache.count == 0)
    }

    @Test func anElementWrittenAgainAfterItLeftReadsAsItsNewRecord() throws {
        seed(100)
        let before = try lens().edges
        store.commit(ChangeSet(snapshots: [], deletions: ["edge:5"]))
        var again = ChangeSet()
        again.write(.string("back"), to: cursor, of: "edge:5")
        store.commit(again)
        let read = try lens().edges
        #expect(read.count == 100)
        #expect(read[5].ref.record === store.record("edge:5"))
        #expect(read[5].ref.record !== before[5].ref.record)
        #expect(try read[5].cursor == "back")
    }

    @Test func aListWithAnElementNotInViewIsResolvedAgainUntilItIs() throws {
        seed(100, dangling: ["edge:late"])
        #expect(try lens().edges.count == 100)
        var late = ChangeSet()
        late.write(.string("late"), to: cursor, of: "edge:late")
        store.commit(late)
        let read = try lens().edges
        #expect(read.count == 101)
        #expect(read.last?.key == "edge:late")
        #expect(cache.resolved == 202)
    }

    @Test func anElementTypeWithRequiredFieldsIsResolvedAtEachRead() throws {
        seed(100)
        _ = try lens().strictEdges
        var nulled = ChangeSet()
        nulled.write(.null, to: cursor, of: "edge:7")
        store.commit(nulled)
        // The edge whose required cursor is now null bubbles to nil and is dropped.
        #expect(try lens().strictEdges.count == 99)
        #expect(cache.resolved == 0)
    }

    @Test func aViewReadingTheListIsToldWhenItGrowsThoughTheCacheAnswered() throws {
        seed(100)
        _ = try lens().edges
        let connection = try lens()
        var fired = 0
        withObservationTracking {
            _ = try? connection.edges
        } onChange: {
            MainActor.assumeIsolated { fired += 1 }
        }
        #expect(cache.resolved == 100)
        append(["p1"])
        #expect(fired == 1)
    }

    @Test func aListWrittenAnewIsResolvedAnew() throws {
        seed(100)
        _ = try lens().edges
        var reversed = ChangeSet()
        reversed.write(
            .list((0..<100).reversed().map { Value.link(RecordKey("edge:\($0)")) }), to: edges, of: connection)
        store.commit(reversed)
        let read = try lens().edges
        #expect(keys(read).prefix(2) == ["edge:99", "edge:98"])
        #expect(cache.resolved == 200)
    }

    /// The selection under a list can depend on its parent's type: a parent of another type
    /// (an object at the same path of a union) resolves its list again.
    @Test func aParentOfAnotherTypeResolvesItsListAgain() throws {
        seed(100)
        _ = try lens().edges
        var retyped = ChangeSet()
        retyped.write(.string("OtherConnection"), to: .typename, of: connection)
        store.commit(retyped)
        _ = try lens().edges
        #expect(cache.resolved == 200)
    }

    /// A kept lens holds its context, so the context reaches its cache weakly: when the
    /// cache's owner (an environment) goes, the context and its store go too.
    @Test func aContextIsFreedWithTheCacheItsLongListsWereKeptIn() throws {
        seed(100)
        weak var released: LensContext?
        do {
            let owner = ListLensCache()
            let context = LensContext(store: store)
            context.listLenses = owner
            let lens = try lens(in: context)
            #expect(try lens.edges.count == 100)
            #expect(try lens.edges.count == 100)
            #expect(owner.resolved == 100)
            released = context
        }
        #expect(released == nil)
    }

    @Test func aContextWithoutACacheResolvesEachRead() throws {
        seed(100)
        let bare = LensContext(store: store)
        let lens = try lens(in: bare)
        #expect(try lens.edges.count == 100)
        #expect(try lens.edges.count == 100)
        #expect(cache.resolved == 0)
    }

    @Test func anEnvironmentsContextHasItsCache() {
        let environment = GraphQLEnvironment(store: store, transport: ScriptedTransport(answering: "{}"))
        #expect(environment.lensContext.listLenses === environment.listLenses)
    }

    @Test func anEndedEnvironmentKeepsNoRecordItsListsHeld() throws {
        seed(100)
        let (environment, edge) = try environmentThatReadTheEdges()
        #expect(edge() != nil)
        environment.end()
        #expect(environment.listLenses.count == 0)
        #expect(edge() == nil)
    }

    @Test func aCollectionThatFreesRecordsLetsGoOfTheListsTheCacheHeld() throws {
        seed(100)
        let (environment, edge) = try environmentThatReadTheEdges()
        // Nothing retains the connection: the collection frees it and its edges.
        #expect(environment.collect() > 100)
        #expect(environment.listLenses.count == 0)
        #expect(edge() == nil)
    }

    @Test func aCollectionThatFreesNothingKeepsTheCache() throws {
        // The edges hang off the root, under a retained operation that reads them.
        var changes = ChangeSet()
        let keys = (0..<100).map { RecordKey("edge:\($0)") }
        for (i, key) in keys.enumerated() { changes.write(.string("c\(i)"), to: cursor, of: key) }
        changes.write(.list(keys.map(Value.link)), to: edges, of: .root)
        store.commit(changes)
        let token = store.retain(try OperationPlan("query Edges { edges { cursor } }"))
        defer { token.release() }
        let environment = GraphQLEnvironment(store: store, transport: ScriptedTransport(answering: "{}"))
        _ = try lens(of: .root, in: environment.lensContext).edges
        #expect(environment.listLenses.count == 1)
        #expect(environment.collect() == 0)
        #expect(environment.listLenses.count == 1)
    }

    @Test func aLongListOfOptionalElementsReadAgainResolvesNothingAndKeepsItsNulls() throws {
        seed(100, nulls: 2)
        let first = try lens().optionalEdges
        let again = try lens().optionalEdges
        #expect(cache.resolved == 102)
        #expect(again.count == 102 && again.suffix(2).allSatisfy { $0 == nil })
        #expect(zip(first, again).allSatisfy { $0?.ref.record === $1?.ref.record })
    }

    /// A link to a record not in view is dropped from the list read, optional elements or
    /// not: the list is resolved again at each read, so the element is there once it comes.
    @Test func anOptionalElementWhoseRecordIsMissingIsReadAgainUntilItComes() throws {
        seed(100, dangling: ["edge:late"])
        #expect(try lens().optionalEdges.count == 100)
        #expect(try lens().optionalEdges.count == 100)
        #expect(cache.resolved == 202)
        var changes = ChangeSet()
        changes.write(.string("c-late"), to: cursor, of: "edge:late")
        store.commit(changes)
        let arrived = try lens().optionalEdges
        #expect(arrived.count == 101)
        #expect(try arrived.last??.cursor == "c-late")
    }

    @Test func aKeptListThatNoLongerResolvesWhollyIsLetGo() throws {
        seed(100)
        _ = try lens().edges
        #expect(cache.count == 1)
        // Written anew, with the same elements and one more whose record is not in view.
        seed(100, dangling: ["edge:late"])
        #expect(try lens().edges.count == 100)
        #expect(cache.count == 0)
    }

    @Test func aKeptListThatGrewByAnElementNotInViewIsLetGoAndReadAgainWhole() throws {
        seed(100)
        _ = try lens().edges
        var changes = ChangeSet()
        changes.edit(
            ListEdit(
                key: connection, slot: edges,
                operation: .insert(links: ["edge:late"], atEnd: true, uniqueBy: nil)))
        store.commit(changes)
        #expect(try lens().edges.count == 100)
        #expect(cache.count == 0)
        #expect(cache.resolved == 101)
        #expect(try lens().edges.count == 100)
        #expect(cache.resolved == 202)
    }

    @Test func aListOfTheShortestKeptLengthIsKept() throws {
        seed(ListLensCache.minimumCount)
        let first = try lens().edges
        let again = try lens().edges
        #expect(cache.resolved == ListLensCache.minimumCount)
        #expect(zip(first, again).allSatisfy { $0.ref.record === $1.ref.record })
    }

    @Test func onlyAFragmentOrAnOptionalFragmentIsAKeptElementType() {
        let kept = [Edge.isFragmentOrOptionalFragment, Optional<Edge>.isFragmentOrOptionalFragment]
        let notKept = [
            Array<Edge>.isFragmentOrOptionalFragment, Optional<[Edge]>.isFragmentOrOptionalFragment,
            Array<Edge?>.isFragmentOrOptionalFragment,
        ]
        #expect(kept == [true, true])
        #expect(notKept == [false, false, false])
        #expect(cache.keeps(Edge?.self) && !cache.keeps([Edge].self) && !cache.keeps(StrictEdge.self))
    }

    @Test func whenTheCacheFillsTheListsReadSinceStayAndTheOthersGo() throws {
        // One list of the shortest kept length on each of one more parent than the cache holds.
        let parents = (0...ListLensCache.capacity).map { RecordKey("connection:\($0)") }
        let elements = (0..<ListLensCache.minimumCount).map { Value.link(RecordKey("edge:\($0)")) }
        var changes = ChangeSet()
        for i in 0..<ListLensCache.minimumCount {
            changes.write(.string("c\(i)"), to: cursor, of: RecordKey("edge:\(i)"))
        }
        for parent in parents { changes.write(.list(elements), to: edges, of: parent) }
        store.commit(changes)
        func read(_ parent: RecordKey) throws -> [Edge] { try lens(of: parent).edges }
        for parent in parents.dropLast() { _ = try read(parent) }
        #expect(cache.count == ListLensCache.capacity)
        _ = try read(parents[3])
        let resolvedBefore = cache.resolved
        _ = try read(parents.last!)
        #expect(cache.count == 2)
        _ = try read(parents[3])
        #expect(cache.resolved == resolvedBefore + ListLensCache.minimumCount)
        _ = try read(parents[4])
        #expect(cache.resolved == resolvedBefore + 2 * ListLensCache.minimumCount)
    }

    @Test func aShortListIsNotKept() throws {
        seed(ListLensCache.minimumCount - 1)
        _ = try lens().edges
        _ = try lens().edges
        #expect(cache.resolved == 0)
    }
}
