import Testing
import BatonLens

/// `...NoteCursors @arguments(count: 2)` under one character and `...NoteCursors` (its default,
/// 10) under another, declared as the compiler declares them: the fragment's `notes` takes
/// arguments, so each spread's lens finds its storage key through the plan under it.
enum FragmentArgumentsQuery: GraphQLOperation {
    static let document = """
        query FragmentArguments {
          a: character(id: "1") { id ...NoteCursors @arguments(count: 2) }
          b: character(id: "2") { id ...NoteCursors }
        }
        fragment NoteCursors on Character @argumentDefinitions(count: {type: "Int", defaultValue: 10}) {
          notes(first: $count) { edges { cursor } }
        }
        """
    static let normalization = Normalization(
        schema: try! GraphQLSchema.parse(
            sdl: [
                """
                type Query { character(id: ID!): Character }
                type Character { id: ID!, notes(first: Int): NoteConnection! }
                type NoteConnection { edges: [NoteEdge!]! }
                type NoteEdge { cursor: String! }
                """
            ]))

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet {
            let a = Linked<Row?>("character", alias: "a", arguments: true)
            let b = Linked<Row?>("character", alias: "b", arguments: true)
        }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Row: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet { let noteCursors = Spread<NoteCursors>() }
        static let fields = Fields()
        let ref: RecordRef
    }
}

struct NoteCursors: Fragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet { let notes = Linked<Notes>("notes", arguments: true) }
    static let fields = Fields()
    let ref: RecordRef

    struct Notes: Fragment {
        static let typeCondition = "NoteConnection"
        struct Fields: FieldSet { let edges = Linked<[Edge]>("edges") }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Edge: Fragment {
        static let typeCondition = "NoteEdge"
        struct Fields: FieldSet { let cursor = Scalar<String>("cursor") }
        static let fields = Fields()
        let ref: RecordRef
    }
}

@MainActor @Suite struct FragmentArgumentLensTests {
    static let response = """
        {"data":{
          "a":{"id":"1","notes":{"edges":[{"cursor":"a1"},{"cursor":"a2"}]}},
          "b":{"id":"2","notes":{"edges":[{"cursor":"b1"}]}}
        }}
        """

    @Test func eachSpreadsLensReadsTheStorageKeyItsArgumentsMake() throws {
        let environment = GraphQLEnvironment(
            store: Store(normalization: FragmentArgumentsQuery.normalization), transport: ScriptedTransport.silent())
        let data = try load(FragmentArgumentsQuery.self, response: Self.response, into: environment)
        let a = try #require(try data.a)
        let b = try #require(try data.b)
        #expect(try a.noteCursors.notes.edges.map { try $0.cursor } == ["a1", "a2"])
        #expect(try b.noteCursors.notes.edges.map { try $0.cursor } == ["b1"])
        let first = try #require(environment.store.record("Character:1"))
        let second = try #require(environment.store.record("Character:2"))
        #expect(first[untracked: Slot("notes(first:2)")] != nil)
        #expect(first[untracked: Slot("notes(first:10)")] == nil)
        #expect(second[untracked: Slot("notes(first:10)")] != nil)
    }

    @Test func theRequestSentCarriesTheValuesAndNoFragmentArgumentDirective() throws {
        let environment = GraphQLEnvironment(
            store: Store(normalization: FragmentArgumentsQuery.normalization), transport: ScriptedTransport.silent())
        let text = try environment.plan(FragmentArgumentsQuery.self, variables: [:]).request.document
        #expect(text.contains("notes(first:2)") && text.contains("notes(first:10)"), "\(text)")
        #expect(!text.contains("@argument"), "\(text)")
    }
}
