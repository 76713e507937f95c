import BatonNormalize
import BatonRecords
import Foundation
import Testing

/// Fields a client extension defines are the client's alone: the schema marks them, the plan
/// carries the mark, the text sent leaves them out (with what only they make), and a
/// response that lacks them is complete.
@Suite struct ClientOnlyFieldTests {
    static let server = """
        type Query { character(id: ID!): Character, search(text: String): [SearchResult] }
        type Character { id: ID!, name: String, friends: [Character] }
        type Location { id: ID!, name: String }
        union SearchResult = Character | Location
        """
    static let client = """
        extend type Character { isFavorite: Boolean, note(lang: String): String, draft: Draft }
        type Draft { id: ID, text: String }
        extend type Query { drafts: [Draft] }
        """
    static let schema = try! GraphQLSchema.parse(sdl: [server], clientExtensions: [client])
    static let normalization = Normalization(schema: schema)

    static func plan(_ text: String, variables: [String: JSONValue] = [:]) throws -> OperationPlan {
        try OperationPlan(text, variables: variables, normalization: normalization)
    }

    @Test func aClientExtensionsFieldsAndTheFieldsOfItsTypesAreClientOnly() {
        let schema = Self.schema
        #expect(schema.hasClientOnlyFields)
        #expect(schema.field("isFavorite", on: "Character")?.isClientOnly == true)
        #expect(schema.field("drafts", on: "Query")?.isClientOnly == true)
        #expect(schema.field("text", on: "Draft")?.isClientOnly == true)
        #expect(schema.field("name", on: "Character")?.isClientOnly == false)
        #expect(schema.field("__typename", on: "Draft")?.isClientOnly == false)
    }

    @Test func theSameTextsAsServerTextsDefineNoClientOnlyField() throws {
        let schema = try GraphQLSchema.parse(sdl: [Self.server, Self.client])
        #expect(!schema.hasClientOnlyFields)
        #expect(schema.field("isFavorite", on: "Character")?.isClientOnly == false)
    }

    @Test func aServerTextsExtensionOfAClientTypeIsClientOnly() throws {
        let schema = try GraphQLSchema.parse(
            sdl: [Self.server, "extend type Draft { words: Int }"], clientExtensions: [Self.client])
        #expect(schema.field("words", on: "Draft")?.isClientOnly == true)
    }

    @Test func aClientExtensionThatDefinesAServerFieldAgainThrowsNamingIt() {
        #expect(
            throws: GraphQLSyntaxError(
                "Field 'Character.name' is a field of the server's schema: a client extension adds client-only fields and cannot define a server field again (in SDL text 2 of 2)",
                at: SourceLocation(line: 2, column: 25))
        ) {
            try GraphQLSchema.parse(sdl: [Self.server], clientExtensions: ["\nextend type Character { name: String }"])
        }
    }

    @Test func thePlanMarksTheClientOnlyFields() throws {
        let plan = try Self.plan("query Q { character(id: 1) { id isFavorite name } drafts { id } }")
        let root = plan.root.common.fields
        #expect(root.map(\.isClientOnly) == [false, true])
        let character = try #require(root[0].selection?.common.fields)
        #expect(
            character.map { "\($0.responseKey):\($0.isClientOnly)" } == ["id:false", "isFavorite:true", "name:false"])
    }

    @Test func aClientOnlyFieldIsLeftOutOfTheTextSent() throws {
        let plan = try Self.plan("query Q { character(id: 1) { id isFavorite name } }")
        #expect(plan.text == "query Q{character(id:1){id,name}}")
    }

    @Test func aClientOnlyRootFieldAndWhatIsUnderItAreLeftOut() throws {
        let plan = try Self.plan("query Q { drafts { id text } character(id: 1) { id } }")
        #expect(plan.text == "query Q{character(id:1){id}}")
    }

    @Test func aServerFieldLeftWithoutSelectionsSelectsTypename() throws {
        let plan = try Self.plan("query Q { character(id: 1) { isFavorite } }")
        #expect(plan.text == "query Q{character(id:1){__typename}}")
        #expect(plan.root.common.fields[0].selection?.common.fields.map(\.responseKey) == ["isFavorite"])
    }

    @Test func aVariableOnlyAClientOnlyFieldUsesIsNotDeclared() throws {
        let plan = try Self.plan(
            "query Q($id: ID!, $lang: String) { character(id: $id) { id note(lang: $lang) } }",
            variables: ["id": "1", "lang": "fr"])
        #expect(plan.text == "query Q($id:ID!){character(id:$id){id}}")
        let note = try #require(plan.root.common.fields[0].selection?.common.fields.last)
        #expect(note.storageKey == "note(lang:\"fr\")")
        #expect(note.isClientOnly)
    }

    @Test func aFragmentLeftEmptyIsNotSpreadNorSent() throws {
        let plan = try Self.plan(
            """
            query Q { character(id: 1) { id ...Mine ... on Character { isFavorite } ...Named } }
            fragment Mine on Character { isFavorite note }
            fragment Named on Character { name ...Mine }
            """)
        #expect(plan.text == "query Q{character(id:1){id,...Named}}fragment Named on Character{name}")
    }

    @Test func aClientOnlyFieldUnderAnAbstractPositionIsLeftOut() throws {
        let plan = try Self.plan(
            "query Q { search(text: \"a\") { __typename ... on Character { id isFavorite } ... on Location { id } } }")
        #expect(plan.text == "query Q{search(text:\"a\"){__typename,...on Character{id},...on Location{id}}}")
    }

    @Test func aDocumentWithoutClientOnlyFieldsIsSentAsWithoutTheExtension() throws {
        let text = "query Q($id: ID!) { character(id: $id) { id name friends { id } } }"
        let plain = try OperationPlan(
            text, variables: ["id": "1"], normalization: Normalization(schema: GraphQLSchema.parse(sdl: Self.server)))
        #expect(try Self.plan(text, variables: ["id": "1"]).text == plain.text)
    }

    @Test func aResponseWithoutTheClientOnlyFieldsIsCompleteAndWritesNoneOfThem() throws {
        let plan = try Self.plan("query Q { character(id: 1) { id isFavorite name draft { id } } drafts { id } }")
        let response = #"{"data":{"character":{"id":"1","name":"Rick"}}}"#
        let result = try Ingest(completeness: .complete).ingest(Array(response.utf8), plan: plan)
        let character = try #require(result.changes.snapshots.first { $0.key == RecordKey(type: "Character", id: "1") })
        #expect(Set(character.cells.map(\.slot)) == Set([Slot("__typename"), Slot("id"), Slot("name")]))
        let root = try #require(result.changes.snapshots.first { $0.key.isRoot })
        #expect(!root.cells.contains { $0.slot == Slot("drafts") })
    }

    @Test func aResponseStillLacksNoServerField() throws {
        let plan = try Self.plan("query Q { character(id: 1) { id isFavorite name } }")
        let response = #"{"data":{"character":{"id":"1"}}}"#
        #expect(throws: IngestError.self) {
            try Ingest(completeness: .complete).ingest(Array(response.utf8), plan: plan)
        }
    }
}
