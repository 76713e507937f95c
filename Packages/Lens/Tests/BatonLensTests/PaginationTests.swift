import Foundation
import Testing
import BatonLens
import BatonTestSupport

/// The spec's notes query with `@connection(key: "TestNotes_notes")` and Relay's pagination
/// variables.
enum NotesQuery: GraphQLOperation {
    static let document = """
    query TestNotesPage($id: ID!, $count: Int = 2, $cursor: String) {
      character(id: $id) {
        id
        name
        notes(first: $count, after: $cursor) @connection(key: "TestNotes_notes") {
          totalCount
          edges { node { id text __typename } cursor }
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
            let name = Scalar<String>("name")
            let notes = Linked<Notes>("notes", arguments: true)
        }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Notes: Fragment {
        static let typeCondition = "NoteConnection"
        struct Fields: FieldSet {
            let totalCount = Scalar<Int>("totalCount")
            let edges = Linked<[Edge]>("edges")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Edge: Fragment {
        static let typeCondition = "NoteEdge"
        struct Fields: FieldSet {
            let cursor = Scalar<String>("cursor")
            let node = Linked<Note?>("node")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Note: Fragment {
        static let typeCondition = "Note"
        struct Fields: FieldSet { let text = Scalar<String?>("text") }
        static let fields = Fields()
        let ref: RecordRef
    }

    static let firstPage = try! TestData.data("Conformance/baton-spec/tests/notes-page-1.json")
    static let secondPage = Foundation.Data("""
    {"data":{"character":{"id":"1","name":"Rick Sanchez","notes":{"totalCount":5,"edges":[\
    {"cursor":"c3","node":{"__typename":"Note","id":"n3","text":"Get Schwifty"}},\
    {"cursor":"c4","node":{"__typename":"Note","id":"n4","text":"Pickle Rick"}}],\
    "pageInfo":{"endCursor":"c4","hasNextPage":false}}}}}
    """.utf8)

    /// Answers page 1 without a cursor and page 2 after `c2`.
    static func transport() -> ScriptedTransport {
        ScriptedTransport { request, _ in
            request.variables["cursor"] == "c2" ? secondPage : firstPage
        }
    }
}

@MainActor
struct PaginationTests {
    @Test func loadNextMergesTheSecondPageIntoTheConnection() async throws {
        let transport = NotesQuery.transport()
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        let notes = try #require(try handle.data?.character?.notes)
        #expect(try notes.edges.map { try $0.node?.text } == ["Wubba lubba dub dub", "Portal gun needs charging"])
        #expect(handle.hasNextPage)

        await handle.loadNext(2)

        #expect(transport.count == 2)
        #expect(transport.requests.last?.variables == ["id": "1", "count": 2, "cursor": "c2"])
        #expect(try notes.edges.map { try $0.cursor } == ["c1", "c2", "c3", "c4"])
        #expect(try notes.edges.last?.node?.text == "Pickle Rick")
        #expect(handle.hasNextPage == false)
    }

    @Test func aViewReadingTheEdgesReRendersWhenAPageLands() async throws {
        let environment = Spec.environment(NotesQuery.transport())
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        let notes = try #require(try handle.data?.character?.notes)
        let log = RenderLog()
        render("list", in: log) { _ = try? notes.edges.count }
        render("title", in: log) { _ = try? handle.data?.character?.name }

        await handle.loadNext(2)

        #expect(log.fired == ["list": 1])
    }

    @Test func loadNextDoesNothingWithoutANextPage() async throws {
        let transport = ScriptedTransport { _, _ in NotesQuery.secondPage }
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext(2)
        #expect(transport.count == 1)
    }
}
