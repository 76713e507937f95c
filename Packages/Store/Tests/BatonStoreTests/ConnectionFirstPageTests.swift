import Foundation
import Testing
import BatonStore

/// A connection's first page fetched again (no `after` or `before`, as a relaunch's
/// cache-and-network fetch or a refetch sends it) over pages merged before.
@MainActor @Suite struct ConnectionFirstPageTests {
    let connection: RecordKey = "Character:1:__Pages_notes_connection"

    func plan(after cursor: String?) -> OperationPlan {
        try! OperationPlan(
            """
            query Pages($after: String) { character(id: "1") { id notes(first: 2, after: $after) @connection(key: "Pages_notes") {
              edges { cursor node { id text } } pageInfo { endCursor hasNextPage } } } }
            """, variables: cursor.map { ["after": .string($0)] } ?? [:], normalization: SpecFixture.normalization)
    }

    /// A page of `notes` (id, text), ending at the last one's cursor.
    func page(_ notes: [(String, String)], hasNextPage: Bool) -> Data {
        let edges = notes.map { id, text in
            #"{"__typename":"NoteEdge","cursor":"c\#(id)","node":{"__typename":"Note","id":"\#(id)","text":"\#(text)"}}"#
        }
        return Data(
            #"""
            {"data":{"character":{"__typename":"Character","id":"1","notes":{"__typename":"NoteConnection",
              "edges":[\#(edges.joined(separator: ","))],
              "pageInfo":{"__typename":"PageInfo","endCursor":"c\#(notes.last!.0)","hasNextPage":\#(hasNextPage)}}}}}
            """#.utf8)
    }

    func commit(_ store: Store, _ response: Data, after cursor: String?) throws {
        let plan = plan(after: cursor)
        store.commit(try Ingest().ingest(response, plan: plan).changes, fetched: plan.identity)
    }

    /// Two pages merged: n1 n2, then n3 n4 after c2, the last page unless `moreFollow`.
    func twoPages(moreFollow: Bool = false) throws -> Store {
        let store = Store(normalization: SpecFixture.normalization)
        try commit(store, page([("n1", "one"), ("n2", "two")], hasNextPage: true), after: nil)
        try commit(store, page([("n3", "three"), ("n4", "four")], hasNextPage: moreFollow), after: "cn2")
        #expect(nodes(store) == ["Note:n1", "Note:n2", "Note:n3", "Note:n4"])
        return store
    }

    /// The nodes of the merged connection's edges, in order.
    func nodes(_ store: Store) -> [String] {
        guard case .list(let edges)? = store.record(connection)?[untracked: Slot("edges")] else { return [] }
        return edges.compactMap { store.resolve($0)?[untracked: Slot("node")]?.link?.rawValue }
    }

    func pageInfo(_ store: Store) -> RecordSnapshot? {
        store.record(connection.child("pageInfo")).map { RecordSnapshot($0) }
    }

    /// Tracks every field a screen of the connection reads, as views do.
    func trackScreen(_ store: Store, _ log: FireLog) {
        let record = store.record(connection)!
        track("edges", in: log) { _ = record[slot: Slot("edges")] }
        let info = store.record(connection.child("pageInfo"))!
        track("pageInfo", in: log) {
            _ = info[slot: Slot("endCursor")]; _ = info[slot: Slot("hasNextPage")]
        }
        guard case .list(let edges)? = record[untracked: Slot("edges")] else { return }
        for edge in edges {
            let edgeRecord = store.resolve(edge)!
            track("edge", in: log) {
                _ = edgeRecord[slot: Slot("cursor")]; _ = edgeRecord[slot: Slot("node")]
            }
            let node = store.resolve(edgeRecord[untracked: Slot("node")])!
            track("node", in: log) {
                _ = node[slot: Slot("id")]; _ = node[slot: Slot("text")]
            }
        }
    }

    @Test func aFirstPageEqualToTheHeadKeepsLaterPagesAndNotifiesNoOne() throws {
        let store = try twoPages(moreFollow: true)
        let before = pageInfo(store)
        let log = FireLog()
        trackScreen(store, log)

        try commit(store, page([("n1", "one"), ("n2", "two")], hasNextPage: true), after: nil)

        #expect(nodes(store) == ["Note:n1", "Note:n2", "Note:n3", "Note:n4"])
        #expect(pageInfo(store) == before)
        #expect(pageInfo(store)?[Slot("endCursor")] == .string("cn4"))
        #expect(log.fired == [:])
        #expect(store.check(plan(after: nil)).availability == .available)
    }

    /// The server may have added edges at the end since the last page said nothing followed:
    /// the first page's `hasNextPage` stands, so a next page asks past the kept ones.
    @Test func aFirstPageOverAConnectionLoadedToItsEndKeepsTheLaterPagesAndLetsTheNextPageAsk() throws {
        let store = try twoPages()
        let log = FireLog()
        trackScreen(store, log)

        try commit(store, page([("n1", "one"), ("n2", "two")], hasNextPage: true), after: nil)

        #expect(nodes(store) == ["Note:n1", "Note:n2", "Note:n3", "Note:n4"])
        #expect(pageInfo(store)?[Slot("endCursor")] == .string("cn4"))
        #expect(pageInfo(store)?[Slot("hasNextPage")] == .bool(true))
        #expect(log.fired == ["pageInfo": 1])

        try commit(store, page([("n5", "five")], hasNextPage: false), after: "cn4")
        #expect(nodes(store) == ["Note:n1", "Note:n2", "Note:n3", "Note:n4", "Note:n5"])
        #expect(pageInfo(store)?[Slot("hasNextPage")] == .bool(false))
    }

    /// A first page saying nothing follows it is the whole connection on the server: the
    /// later pages the store holds are gone there.
    @Test func aFirstPageSayingNothingFollowsItDropsTheLaterPages() throws {
        let store = try twoPages()
        try commit(store, page([("n1", "one"), ("n2", "two")], hasNextPage: false), after: nil)

        #expect(nodes(store) == ["Note:n1", "Note:n2"])
        #expect(pageInfo(store)?[Slot("endCursor")] == .string("cn2"))
        #expect(pageInfo(store)?[Slot("hasNextPage")] == .bool(false))
    }

    @Test func aFirstPageWhoseNodesChangedResetsTheConnectionWithNoNodeTwice() throws {
        let store = try twoPages()
        // n3 moved to the front: the first page's edges are the same records with other nodes.
        try commit(store, page([("n3", "three"), ("n1", "one")], hasNextPage: true), after: nil)

        #expect(nodes(store) == ["Note:n3", "Note:n1"])
        #expect(pageInfo(store)?[Slot("endCursor")] == .string("cn1"))
        #expect(pageInfo(store)?[Slot("hasNextPage")] == .bool(true))
    }

    @Test func aFirstPageNamingANodeTwiceStartsTheConnectionWithItOnce() throws {
        let store = try twoPages()
        try commit(store, page([("n2", "two"), ("n5", "five"), ("n2", "two")], hasNextPage: true), after: nil)

        #expect(nodes(store) == ["Note:n2", "Note:n5"])
    }

    @Test func aFirstPageOfOtherEdgesResetsTheConnection() throws {
        let store = try twoPages()
        try commit(store, page([("n0", "zero")], hasNextPage: true), after: nil)

        #expect(nodes(store) == ["Note:n0"])
        #expect(pageInfo(store)?[Slot("endCursor")] == .string("cn0"))
        #expect(pageInfo(store)?[Slot("hasNextPage")] == .bool(true))
    }
}
