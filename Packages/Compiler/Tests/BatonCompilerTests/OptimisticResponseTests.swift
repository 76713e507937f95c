import Testing
import BatonCompiler

/// A mutation's `OptimisticResponse` declares exactly the fields its selection selects, typed
/// from the schema, so a misspelt field is not a member and does not compile.
struct OptimisticResponseTests {
    static func generated(_ document: String) throws -> String {
        let output = SpecSchema.compile(document)
        #expect(output.errors.isEmpty, "\(output.errors)")
        return output.swift
    }

    /// The lines of the struct `name` (its header to its closing brace, nested types included),
    /// the first at or below the first `Payload` (a mutation's optimistic response).
    static func body(of name: String, in swift: String) throws -> [Substring] {
        let lines = swift.split(separator: "\n", omittingEmptySubsequences: false)
        let response = try #require(lines.firstIndex { $0.hasSuffix("struct Payload: GraphQLInputValue {") })
        let start = try #require(
            lines[response...].firstIndex { $0.trimmingPrefix(while: \.isWhitespace).hasPrefix("struct \(name)") })
        let indent = lines[start].prefix { $0 == " " }
        let end = try #require(lines[(start + 1)...].firstIndex { $0 == indent + "}" })
        return Array(lines[start...end])
    }

    @Test func aMutationsOptimisticResponseDeclaresExactlyTheSelectedFieldsTypedFromTheSchema() throws {
        let swift = try Self.generated(
            """
            mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { character { name species location { name } } } }
            """)
        #expect(swift.contains("enum RenameMutation: TypedVariablesOperation, PayloadOperation {"))
        let character = try Self.body(of: "Character", in: swift)
        let stored = character.filter { $0.contains("    var ") && !$0.contains("inputValue") }.map {
            $0.trimmingPrefix(while: \.isWhitespace)
        }
        #expect(
            stored.prefix(4) == [
                "var name: GraphQLNullable<String>", "var species: GraphQLNullable<String>",
                "var location: GraphQLNullable<Location>", "var id: GraphQLNullable<String>",
            ],
            "the selection, then the key field the compiler adds, nullable as the schema declares (not as @semanticNonNull reads)"
        )
        #expect(
            character.contains {
                $0.contains(
                    "init(name: String? = nil, species: String? = nil, location: Location? = nil, id: String? = nil)")
            },
            "a nullable id is not required")
        #expect(!character.contains { $0.contains("status") }, "a field the selection leaves out is not a member")
        #expect(character.contains { $0.contains("var inputValue: JSONValue { object(\"Character\") }") })
        #expect(
            try Self.body(of: "Payload", in: swift).contains {
                $0.contains("var rename: GraphQLNullable<Rename>")
            })
    }

    /// A small schema with what the spec's lacks: non-null ids, an interface, an enum, lists.
    static func compile(_ document: String) throws -> String {
        let schema = try CompilerSchema(sources: [
            GraphQLSource(
                file: "schema.graphql",
                text: """
                    type Query { note(id: ID!): Note }
                    type Mutation { editNote(id: ID!, text: String!): Note!, react(id: ID!): Reactable }
                    interface Reactable { id: ID! reactions: Int! }
                    type Note implements Reactable { id: ID! text: String! tags: [String] mood: Mood reactions: Int! }
                    type Photo implements Reactable { id: ID! url: String reactions: Int! }
                    type Link implements Reactable { id: ID! reactions: Int! }
                    enum Mood { HAPPY SAD }
                    """)
        ])
        let output = Compiler(schema: schema).compile([GraphQLSource(file: "Doc.graphql", text: document)])
        #expect(output.errors.isEmpty, "\(output.errors)")
        return output.swift
    }

    @Test func aNonNullKeyFieldIsRequiredAndEveryOtherFieldMayBeLeftOut() throws {
        let swift = try Self.compile(
            "mutation Edit($id: ID!, $text: String!) { editNote(id: $id, text: $text) { text tags mood } }")
        let note = try Self.body(of: "EditNote", in: swift)
        #expect(
            note.contains {
                $0.contains("init(id: String, text: String? = nil, tags: [String?]? = nil, mood: Mood? = nil)")
            })
        #expect(note.contains { $0.contains("var text: String?") }, "non-null: nil is absent, null cannot be written")
        #expect(note.contains { $0.contains("var tags: GraphQLNullable<[String?]>") })
        #expect(note.contains { $0.contains("var mood: GraphQLNullable<Mood>") })
        #expect(try Self.body(of: "Payload", in: swift).contains { $0.contains("var editNote: EditNote?") })
    }

    @Test func anAbstractPositionIsAnEnumWithACasePerPossibleTypeCarryingWhatThatTypeSelects() throws {
        let swift = try Self.compile(
            """
            mutation React($id: ID!) { react(id: $id) { reactions ... on Note { text } } }
            query Q { note(id: "1") { text } }
            """)
        #expect(swift.contains("enum React: GraphQLInputValue {"))
        #expect(swift.contains("case link(Other), note(Note), photo(Other)"), "types that add nothing share Other")
        #expect(swift.contains("case .note(let value): return value.object(\"Note\")"))
        let note = try Self.body(of: "Note", in: swift)
        #expect(note.contains { $0.contains("init(id: String, reactions: Int? = nil, text: String? = nil)") })
        let other = try Self.body(of: "Other", in: swift)
        #expect(!other.contains { $0.contains("text") })
        #expect(other.contains { $0.contains("init(id: String, reactions: Int? = nil)") })
        let query = try #require(swift.range(of: "enum QQuery: GraphQLOperation, PayloadOperation {"))
        #expect(
            !swift[query.lowerBound...].contains("typealias OptimisticResponse"),
            "only mutations have an optimistic response")
    }
}
