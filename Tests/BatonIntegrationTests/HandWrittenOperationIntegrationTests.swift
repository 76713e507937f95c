import BatonLens
import BatonTestSupport
import BatonTesting
import BatonTransport
import Foundation
import Testing

/// A query written by hand, as the README's `GraphQLOperation` shows, without a `__typename`
/// anywhere, in an app whose normalization comes from the plugin (no schema at run time):
/// planned from its document at first use, sent with the `__typename`s its plan reads, paged,
/// and drawn again from the image after a relaunch, against the local server.
@MainActor
@Suite struct HandWrittenOperationIntegrationTests {
    enum HandNotes: GraphQLOperation {
        static let document = """
            query HandNotes($id: ID!, $count: Int, $cursor: String) {
              character(id: $id) {
                id name
                notes(first: $count, after: $cursor) @connection(key: "HandNotes_notes") {
                  edges { cursor node { id text } }
                  pageInfo { endCursor hasNextPage }
                }
              }
            }
            """
        struct Data: Fragment {
            static let typeCondition = "Query"
            struct Fields: FieldSet { let character = Linked<Character?>("character", arguments: true) }
            static let fields = Fields()
            let ref: RecordRef
        }
        struct Character: Fragment {
            static let typeCondition = "Character"
            struct Fields: FieldSet {
                let name = Scalar<String?>("name")
                let notes = Linked<Notes>("notes", arguments: true)
            }
            static let fields = Fields()
            let ref: RecordRef
        }
        struct Notes: Fragment {
            static let typeCondition = "NoteConnection"
            struct Fields: FieldSet { let edges = Linked<[Edge]>("edges") }
            static let fields = Fields()
            let ref: RecordRef
        }
        struct Edge: Fragment {
            static let typeCondition = "NoteEdge"
            struct Fields: FieldSet { let node = Linked<Note>("node") }
            static let fields = Fields()
            let ref: RecordRef
        }
        struct Note: Fragment {
            static let typeCondition = "Note"
            struct Fields: FieldSet { let text = Scalar<String>("text") }
            static let fields = Fields()
            let ref: RecordRef
        }
    }

    func texts(_ data: HandNotes.Data?) throws -> [String] {
        try data?.character?.notes.edges.map { try $0.node.text } ?? []
    }

    @Test func aHandWrittenQueryWithoutTypenamesFetchesPagesAndRelaunches() async throws {
        let server = try await LocalTestServer.start()
        defer { server.stop() }
        let scratch = IntegrationScratch()
        let sent = SentRequests()
        let variables: [String: JSONValue] = ["id": "1", "count": 1]
        var fetched: [String] = []
        do {
            let launch = IntegrationLaunch(
                scratch, normalization: BatonSchema.normalization,
                transport: RecordingTransport(HTTPTransport(configuration: .init(url: server.graphQLURL)), into: sent))
            defer { launch.close() }
            let handle = QueryHandle(HandNotes.self, variables: variables, policy: .networkOnly, in: launch.environment)
            await handle.refetch()
            #expect(handle.error == nil, "\(String(describing: handle.error))")
            await handle.loadNext(2)
            #expect(handle.error == nil, "\(String(describing: handle.error))")
            let data = try #require(handle.data)
            #expect(try data.character?.name == "Rick Sanchez")
            fetched = try texts(data)
            #expect(fetched.count == 3)
        }
        // Each object below the root was asked for its type; the document itself names none.
        let text = try #require(sent.documents.first)
        #expect(!HandNotes.document.contains("__typename"))
        #expect(text.contains("node{id,text,__typename}"), "\(text)")
        #expect(text.contains("pageInfo{endCursor,hasNextPage,__typename}"), "\(text)")

        let relaunch = IntegrationLaunch(
            scratch, normalization: BatonSchema.normalization, transport: SilentTransport())
        defer { relaunch.close() }
        let drawn = QueryHandle(HandNotes.self, variables: variables, policy: .cacheFirst, in: relaunch.environment)
        #expect(drawn.initialCheck?.source == .image)
        #expect(try texts(drawn.data) == fetched)
    }
}
