import Foundation
import Testing
import BatonCompiler
import BatonNormalize

/// The configuration and schema inputs: baton.json's shape, introspection results, and the
/// hash the runtime will send.
struct ConfigurationTests {
    static let schema =
        "type Query { asset(uuid: String!): Asset price: Decimal }\ntype Asset { uuid: String! name: String }\nscalar Decimal"

    @Test func anIdentityTypeTheSchemaLacksIsPlacedInTheConfiguration() {
        let text = "{\n  \"identity\": { \"types\": { \"Nope\": [\"id\"] } }\n}"
        #expect(
            throws: CompilerError.configuration(
                message: "identity names 'Nope', which is not an object or interface type of the schema",
                file: "baton.json", line: 2, column: 28)
        ) {
            let configuration = try CompilerConfiguration.parse(text, file: "baton.json")
            _ = try CompilerSchema(
                sources: [GraphQLSource(file: "s.graphql", text: Self.schema)], configuration: configuration)
        }
    }

    @Test func aMappedCustomScalarReadsAsItsSwiftTypeAndAnUnmappedOneAsValue() throws {
        let mapped = try CompilerConfiguration.parse(
            "{\"customScalarTypes\": {\"Decimal\": {\"swift\": \"Foundation.Decimal\"}}}", file: "b.json")
        let document = [GraphQLSource(file: "q.graphql", text: "query P { price }")]
        let withMapping = Compiler(
            schema: try CompilerSchema(
                sources: [GraphQLSource(file: "s.graphql", text: Self.schema)], configuration: mapped))
        let withoutMapping = Compiler(
            schema: try CompilerSchema(sources: [GraphQLSource(file: "s.graphql", text: Self.schema)]))
        let swift = withMapping.compile(document).swift
        #expect(swift.contains("let price = Scalar<Foundation.Decimal?>(\"price\")"))
        #expect(swift.contains("import Foundation"))
        #expect(withoutMapping.compile(document).swift.contains("let price = Scalar<Value?>(\"price\")"))
    }

    @Test func identityIsWrittenToTheSchemaTable() throws {
        let configuration = try CompilerConfiguration.parse(
            "{\"identity\": {\"types\": {\"Asset\": [\"uuid\"]}}}", file: "b.json")
        let compiler = Compiler(
            schema: try CompilerSchema(
                sources: [GraphQLSource(file: "s.graphql", text: Self.schema)], configuration: configuration))
        let swift = compiler.compile([
            GraphQLSource(file: "q.graphql", text: "query A { asset(uuid: \"u\") { uuid name } }")
        ]).swift
        #expect(swift.contains("static let keyFields: [String: [String]] = [\n    \"Asset\": [\"uuid\"],\n  ]"))
    }

    @Test func anIntrospectionResultServesAsTheSchema() throws {
        let url = TestPaths.fixtures.appending(path: "rickandmorty/MortyUI.schema.json")
        let schema = try CompilerSchema(sources: [GraphQLSource(file: url.path, text: try TestPaths.text(url))])
        let documents = TestPaths.fixtures.appending(path: "rickandmorty/MortyUI-Queries.graphql")
        let output = Compiler(schema: schema).compile([
            GraphQLSource(file: "MortyUI-Queries.graphql", text: try TestPaths.text(documents))
        ])
        #expect(output.errors.isEmpty, "\(output.errors)")
        #expect(output.accessors > 50)
    }

    @Test func thePersistedQueryHashIsTheHashOfWhatTheRuntimeSends() throws {
        let text =
            "query C($id: ID!) { character(id: $id) { notes(first: 2) @connection(key: \"C_notes\") { edges { cursor } } } }"
        let swift = SpecSchema.compile(text).swift
        let document = try #require(Self.stringLiteral(after: "static let document = ", in: swift))
        let hash = try #require(Self.stringLiteral(after: "static let persistedQueryHash = ", in: swift))
        let plan = try OperationPlan(
            document: Document.parse(document), variables: ["id": "1"], normalization: SpecSchema.normalization)
        #expect(!plan.text.contains("@connection"))
        #expect(document.contains("@connection"))
        #expect(SHA256.hexDigest(plan.text) == hash)
    }

    @Test func aVariableOnlyAnEdgeDirectiveUsesIsLeftOutOfTheTextSentAndItsHash() throws {
        let text = """
            mutation M($connections: [ID!]!, $characterId: ID!, $text: String!) {
              addNote(characterId: $characterId, text: $text) {
                note @appendNode(connections: $connections, edgeTypeName: "NoteEdge") { id text }
              }
            }
            """
        let output = SpecSchema.compile(text)
        #expect(output.errors.isEmpty, "\(output.errors)")
        let swift = output.swift
        let document = try #require(Self.stringLiteral(after: "static let document = ", in: swift))
        let hash = try #require(Self.stringLiteral(after: "static let persistedQueryHash = ", in: swift))
        let sent = try #require(Self.stringLiteral(after: "text: ", in: swift))
        #expect(document.contains("$connections"))
        #expect(sent.hasPrefix("mutation M($characterId:ID!,$text:String!){"))
        #expect(!sent.contains("connections"))
        #expect(SHA256.hexDigest(sent) == hash)
        let plan = try OperationPlan(
            document: Document.parse(document),
            variables: ["connections": ["client:Character:1:__C_notes_connection"], "characterId": "1", "text": "t"],
            normalization: SpecSchema.normalization)
        #expect(plan.text == sent)
    }

    /// The value of the first Swift string literal after `prefix`.
    static func stringLiteral(after prefix: String, in swift: String) -> String? {
        guard let start = swift.range(of: prefix + "\"") else { return nil }
        var result = ""
        var escaped = false
        for character in swift[start.upperBound...] {
            if escaped {
                result.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return result
            } else {
                result.append(character)
            }
        }
        return nil
    }
}
