import Foundation
import Testing
@_spi(Baton) @testable import BatonImage
import BatonTestSupport

/// An edge that a mutation's edge directive puts into a connection checks as the fetched
/// edges do, from memory and, after a relaunch, from the image: an edge the response gives
/// no cursor holds a null one, as Relay writes it.
@Suite struct EdgeDirectiveRelaunchTests {
    static let normalization = Normalization(
        schema: try! GraphQLSchema.parse(sdl: [
            try! TestData.text("Conformance/baton-spec/tests/schema.graphql"),
            try! TestData.text("Conformance/baton-spec/tests/extensions.graphql"),
        ]))
    static let query = try! OperationPlan(
        """
        query Notes { character(id: "1") { id notes(first: 2) @connection(key: "Notes_notes") {
          edges { cursor node { id text } } pageInfo { endCursor hasNextPage } } } }
        """, normalization: normalization)
    static let page = Data(
        #"""
        {"data":{"character":{"__typename":"Character","id":"1","notes":{"__typename":"NoteConnection",
          "edges":[{"__typename":"NoteEdge","cursor":"c1","node":{"__typename":"Note","id":"n1","text":"one"}},
                   {"__typename":"NoteEdge","cursor":"c2","node":{"__typename":"Note","id":"n2","text":"two"}}],
          "pageInfo":{"__typename":"PageInfo","endCursor":"c2","hasNextPage":true}}}}}
        """#.utf8)
    static let connection = #"["Character:1:__Notes_notes_connection"]"#
    static let nodeResponse = Data(
        #"{"data":{"addNote":{"__typename":"AddNotePayload","note":{"__typename":"Note","id":"n9","text":"new"}}}}"#
            .utf8)
    static let edgeResponse = Data(
        #"""
        {"data":{"addNote":{"__typename":"AddNotePayload","noteEdge":{"__typename":"NoteEdge","node":{"__typename":"Note","id":"n9","text":"new"}}}}}
        """#.utf8)

    /// Each edge directive, as a mutation that selects no cursor, and its response.
    static let directives: [(name: String, document: String, response: Data)] = [
        (
            "appendNode", #"note @appendNode(connections: \#(connection), edgeTypeName: "NoteEdge") { id text }"#,
            nodeResponse
        ),
        (
            "prependNode", #"note @prependNode(connections: \#(connection), edgeTypeName: "NoteEdge") { id text }"#,
            nodeResponse
        ),
        ("appendEdge", #"noteEdge @appendEdge(connections: \#(connection)) { node { id text } }"#, edgeResponse),
        ("prependEdge", #"noteEdge @prependEdge(connections: \#(connection)) { node { id text } }"#, edgeResponse),
    ]

    @MainActor @Test(arguments: directives.indices)
    func anEdgeInsertedByAnEdgeDirectiveChecksAsAvailableFromMemoryAndAfterARelaunchFromTheImage(_ index: Int) throws {
        let directive = Self.directives[index]
        let mutation = try OperationPlan(
            #"mutation Add { addNote(characterId: "1", text: "new") { \#(directive.document) } }"#,
            normalization: Self.normalization)
        let scratch = Scratch()
        let first = StoreImage.open(at: scratch.file, version: "v1")
        let store = Store(normalization: Self.normalization, persistence: first)
        store.commit(try Ingest().ingest(Self.page, plan: Self.query).changes, fetched: Self.query.identity)
        store.commit(try Ingest().ingest(directive.response, plan: mutation).changes)
        guard case .list(let edges)? = store.record("Character:1:__Notes_notes_connection")?[untracked: Slot("edges")]
        else {
            Issue.record("\(directive.name): the connection has no edges")
            return
        }
        #expect(edges.count == 3, "\(directive.name)")
        #expect(store.check(Self.query).availability == .available, "\(directive.name)")
        first.close()

        let image = StoreImage.open(at: scratch.file, version: "v1")
        defer { image.close() }
        let relaunched = Store(normalization: Self.normalization, persistence: image)
        let result = relaunched.check(Self.query)
        #expect(result.availability == .available, "\(directive.name)")
        #expect(result.source == .image, "\(directive.name)")
    }
}
