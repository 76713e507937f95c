import Foundation
import Observation
import Synchronization
import Testing
@_spi(Baton) @testable import BatonImage

/// A merged connection drawn from the image, then its first page answered by the network.
@Suite struct ConnectionRelaunchTests {
    static let connection: RecordKey = "Character:1:__Notes_notes_connection"

    static func plan(after cursor: String?) throws -> OperationPlan {
        try OperationPlan(
            """
            query Notes($after: String) { character(id: "1") { id notes(first: 2, after: $after) @connection(key: "Notes_notes") {
              edges { cursor node { id text } } pageInfo { endCursor hasNextPage } } } }
            """, variables: cursor.map { ["after": .string($0)] } ?? [:],
            normalization: EdgeDirectiveRelaunchTests.normalization)
    }

    static func page(_ ids: [String], hasNextPage: Bool) -> Data {
        let edges = ids.map {
            #"{"__typename":"NoteEdge","cursor":"c\#($0)","node":{"__typename":"Note","id":"\#($0)","text":"t\#($0)"}}"#
        }
        return Data(
            #"""
            {"data":{"character":{"__typename":"Character","id":"1","notes":{"__typename":"NoteConnection",
              "edges":[\#(edges.joined(separator: ","))],"pageInfo":{"__typename":"PageInfo","endCursor":"c\#(ids.last!)","hasNextPage":\#(hasNextPage)}}}}}
            """#.utf8)
    }

    @MainActor static func commit(_ store: Store, _ ids: [String], hasNextPage: Bool, after cursor: String?) throws {
        let plan = try plan(after: cursor)
        store.commit(
            try Ingest().ingest(page(ids, hasNextPage: hasNextPage), plan: plan).changes, fetched: plan.identity)
    }

    @MainActor static func edgeCount(_ store: Store) -> Int? {
        guard case .list(let edges)? = store.record(connection)?[untracked: Slot("edges")] else { return nil }
        return edges.count
    }

    /// The connection was loaded to its end: the edges and the end cursor stay as the image
    /// has them (their views re-render nothing), and `hasNextPage` turns true, so a next page
    /// asks whether the server added edges at the end since.
    @MainActor @Test func aRelaunchsFirstPageEqualToTheImagesHeadKeepsItsLaterPagesAndOpensTheirEnd() throws {
        let scratch = Scratch()
        let first = StoreImage.open(at: scratch.file, version: "v1")
        let writer = Store(normalization: EdgeDirectiveRelaunchTests.normalization, persistence: first)
        try Self.commit(writer, ["n1", "n2"], hasNextPage: true, after: nil)
        try Self.commit(writer, ["n3", "n4"], hasNextPage: false, after: "cn2")
        first.close()

        let image = StoreImage.open(at: scratch.file, version: "v1")
        defer { image.close() }
        let store = Store(normalization: EdgeDirectiveRelaunchTests.normalization, persistence: image)
        #expect(store.check(try Self.plan(after: nil)).source == .image)
        #expect(Self.edgeCount(store) == 4)
        let record = try #require(store.record(Self.connection))
        let info = try #require(store.record(Self.connection.child("pageInfo")))
        let fired = Fired()
        withObservationTracking {
            _ = record[slot: Slot("edges")]
            _ = info[slot: Slot("endCursor")]
        } onChange: {
            fired.count.withLock { $0 += 1 }
        }

        try Self.commit(store, ["n1", "n2"], hasNextPage: true, after: nil)

        #expect(Self.edgeCount(store) == 4)
        #expect(info[untracked: Slot("endCursor")] == .string("cn4"))
        #expect(info[untracked: Slot("hasNextPage")] == .bool(true))
        #expect(fired.count.withLock { $0 } == 0)
        image.waitForPendingWrites()
        let third = try ImageInspector(path: scratch.file.path).record(Self.connection)
        guard case .list(let stored)? = third?[Slot("edges")] else {
            Issue.record("the image holds no edges")
            return
        }
        #expect(stored.count == 4)
    }
}

/// How many times a tracked read was invalidated. Safe from any thread.
private final class Fired: Sendable {
    let count = Mutex(0)
}
