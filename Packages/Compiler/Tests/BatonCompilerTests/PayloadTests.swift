import Testing
import BatonCompiler

/// Every operation and fragment has a typed `Payload`: exactly the fields it selects (its
/// spreads' merged in), typed from the schema, keyed as its lens reads them.
struct PayloadTests {
    static func compile(_ document: String) throws -> String {
        let schema = try CompilerSchema(sources: [
            GraphQLSource(
                file: "schema.graphql",
                text: """
                    type Query { note(id: ID!): Note, feed: [Reactable!]!, hit: Hit }
                    type Subscription { noteEdited(id: ID!): Note! }
                    interface Reactable { id: ID! reactions: Int! }
                    type Note implements Reactable { id: ID! text: String! mood: Mood reactions: Int! payload: Photo }
                    type Photo implements Reactable { id: ID! url: String reactions: Int! }
                    type Link implements Reactable { id: ID! reactions: Int! }
                    union Hit = Note | Photo
                    enum Mood { HAPPY SAD }
                    """)
        ])
        let output = Compiler(schema: schema).compile([GraphQLSource(file: "Doc.graphql", text: document)])
        #expect(output.errors.isEmpty, "\(output.errors)")
        return output.swift
    }

    /// The lines of the type declared by the first line with `header` at or after the first
    /// line with `after` (to its closing brace, nested types included).
    static func body(_ header: String, after: String, in swift: String) throws -> [Substring] {
        let lines = swift.split(separator: "\n", omittingEmptySubsequences: false)
        let anchor = try #require(lines.firstIndex { $0.contains(after) }, "no \(after)")
        let start = try #require(lines[anchor...].firstIndex { $0.contains(header) }, "no \(header)")
        let indent = lines[start].prefix { $0 == " " }
        let end = try #require(lines[(start + 1)...].firstIndex { $0 == indent + "}" })
        return Array(lines[start...end])
    }

    @Test func aQueryAndASubscriptionHaveATypedPayloadAndNoOptimisticResponse() throws {
        let swift = try Self.compile(
            """
            query Q { note(id: "1") { text mood } }
            subscription Edited($id: ID!) { noteEdited(id: $id) { text } }
            """)
        let query = try Self.body("enum QQuery: GraphQLOperation, PayloadOperation {", after: "// MARK", in: swift)
        #expect(!query.contains { $0.contains("OptimisticResponse") })
        #expect(query.contains { $0.contains("var note: GraphQLNullable<Note>") })
        #expect(query.contains { $0.contains("var inputValue: JSONValue { object(\"Query\") }") })
        #expect(
            query.contains { $0.contains("init(id: String, text: String? = nil, mood: Mood? = nil)") },
            "the key field, non-null and always selected, is required")
        let subscription = try Self.body(
            "enum EditedSubscription: TypedVariablesOperation, PayloadOperation {", after: "// MARK", in: swift)
        #expect(!subscription.contains { $0.contains("OptimisticResponse") })
        #expect(subscription.contains { $0.contains("var noteEdited: NoteEdited?") }, "non-null: nil is absent")
        #expect(subscription.contains { $0.contains("var inputValue: JSONValue { object(\"Subscription\") }") })
    }

    @Test func aFragmentOnAnObjectTypeHasAStructOfItsFieldsWithItsSpreadsMergedIn() throws {
        let swift = try Self.compile(
            """
            fragment NoteRow on Note { label: text ...NoteMood }
            fragment NoteMood on Note { mood }
            """)
        let row = try Self.body(
            "struct Payload: GraphQLInputValue {", after: "extension NoteRow: PayloadFragment {", in: swift)
        #expect(row.contains { $0.contains("init(id: String, label: String? = nil, mood: Mood? = nil)") })
        #expect(row.contains { $0.contains("var inputValue: JSONValue { object(\"Note\") }") })
        #expect(row.contains { $0.contains("(\"label\", self.label?.inputValue),") }, "keyed as the lens reads it")
        #expect(!row.contains { $0.contains("text") })
        #expect(swift.contains("let label = Scalar<String>(\"text\", alias: \"label\")"))
        #expect(swift.contains("extension NoteMood: PayloadFragment {"))
    }

    @Test func aFragmentOnAnInterfaceOrUnionHasAnEnumWithACasePerPossibleType() throws {
        let swift = try Self.compile(
            """
            fragment Reacted on Reactable { reactions ... on Note { text } }
            fragment Found on Hit { ... on Photo { url } }
            """)
        let reacted = try Self.body(
            "enum Payload: GraphQLInputValue {", after: "extension Reacted: PayloadFragment {", in: swift)
        #expect(reacted.contains { $0.contains("case link(Other), note(Note), photo(Other)") })
        #expect(reacted.contains { $0.contains("case .note(let value): return value.object(\"Note\")") })
        #expect(reacted.contains { $0.contains("init(id: String, reactions: Int? = nil, text: String? = nil)") })
        #expect(reacted.contains { $0.contains("init(id: String, reactions: Int? = nil)") })
        let found = try Self.body(
            "enum Payload: GraphQLInputValue {", after: "extension Found: PayloadFragment {", in: swift)
        #expect(found.contains { $0.contains("case note(Other), photo(Photo)") }, "a type selecting nothing is Other")
        #expect(
            found.contains { $0.contains("init(url: String? = nil)") },
            "a union's inline fragment is left as written: no key field is added there")
    }

    @Test func aPositionOfAFragmentsShapeTakesTheFragmentsPayload() throws {
        let swift = try Self.compile(
            """
            query Q { note(id: "1") { ...NoteRow } feed { ...NoteRowAgain } }
            fragment NoteRowAgain on Note { ...NoteRow }
            fragment NoteRow on Note { text }
            """)
        let query = try Self.body("struct Payload: GraphQLInputValue {", after: "enum QQuery", in: swift)
        #expect(query.contains { $0.contains("var note: GraphQLNullable<NoteRow.Payload>") })
        #expect(
            !query.contains { $0.contains("struct Note: GraphQLInputValue") },
            "the fragment's type is not written again")
        #expect(
            query.contains { $0.contains("enum Feed: GraphQLInputValue {") },
            "an abstract position spreading it has a type of its own")
        let again = try Self.body("extension NoteRowAgain: PayloadFragment {", after: "// MARK", in: swift)
        #expect(again.contains { $0.contains("typealias Payload = NoteRow.Payload") })
    }

    @Test func aFieldNamedPayloadDoesNotShadowTheFragmentsPayload() throws {
        let swift = try Self.compile("fragment Attached on Note { payload { url } Payload: text }")
        let payload = try Self.body("struct Payload: GraphQLInputValue {", after: "extension Attached", in: swift)
        #expect(payload.contains { $0.contains("var payload: GraphQLNullable<Payload_>") })
        #expect(payload.contains { $0.contains("var Payload__: String?") })
        #expect(payload.contains { $0.contains("struct Payload_: GraphQLInputValue {") })
        #expect(swift.contains("let payload = Linked<Payload_?>(\"payload\")"))
        #expect(swift.contains("let Payload_ = Scalar<String>(\"text\", alias: \"Payload\")"))
    }
}
