import Foundation
import Testing
import BatonCompiler
import BatonNormalize

/// The fields a `schemaExtensions` file defines are client-only: left out of the text sent
/// and of its persisted-query hash, marked in the template, read as optionals that may be
/// absent; selecting them is valid wherever their type is, and an extension that defines a
/// server field again is an error at it.
struct ClientOnlyFieldTests {
    static let server = """
        type Query { character(id: ID!): Character }
        type Mutation { rename(id: ID!, name: String!): Payload }
        type Subscription { renamed(id: ID!): Payload }
        type Payload { character: Character }
        type Character { id: ID, name: String, friends: [Character] }
        """
    static let client = """
        extend type Character { isFavorite: Boolean!, note(lang: String): String }
        """

    static func compile(_ text: String) throws -> Compiler.Output {
        let schema = try CompilerSchema(
            sources: [GraphQLSource(file: "schema.graphql", text: Self.server)],
            extensions: [GraphQLSource(file: "client.graphql", text: Self.client)])
        return Compiler(schema: schema).compile([GraphQLSource(file: "Doc.graphql", text: text)])
    }

    @Test func theSchemaExtensionsOfTheConfigurationAreClientOnly() {
        let schema = SpecSchema.compiler.schema.schema
        #expect(schema.field("isPinned", on: "Character")?.isClientOnly == true)
        #expect(schema.field("drafts", on: "Query")?.isClientOnly == true)
        #expect(schema.field("text", on: "Draft")?.isClientOnly == true)
        #expect(schema.field("name", on: "Character")?.isClientOnly == false)
    }

    @Test func aClientOnlyFieldIsLeftOutOfTheTextSentAndItsHash() throws {
        let output = try Self.compile(
            "query Q($id: ID!, $lang: String) { character(id: $id) { name isFavorite note(lang: $lang) } }")
        #expect(output.errors.isEmpty, "\(output.errors)")
        let swift = output.swift
        let document = try #require(ConfigurationTests.stringLiteral(after: "static let document = ", in: swift))
        let hash = try #require(ConfigurationTests.stringLiteral(after: "static let persistedQueryHash = ", in: swift))
        let sent = try #require(ConfigurationTests.stringLiteral(after: "text: ", in: swift))
        #expect(document.contains("isFavorite") && document.contains("$lang"))
        #expect(sent == "query Q($id:ID!){character(id:$id){name,id}}")
        #expect(SHA256.hexDigest(sent) == hash)
        #expect(SHA256.hexDigest(document) != hash)
    }

    @Test func theTemplateMarksTheClientOnlyFieldsAndPlansAsTheRuntimeDoes() throws {
        let swift = try Self.compile("query Q { character(id: 1) { name isFavorite } }").swift
        #expect(swift.contains(#"FieldTemplate("isFavorite", type: "Boolean", clientOnly: true),"#))
        #expect(swift.contains(#"FieldTemplate("name", type: "String"),"#))
        // The runtime planning the same document with the same schema sends the same text.
        let schema = try GraphQLSchema.parse(sdl: [Self.server], clientExtensions: [Self.client])
        let plan = try OperationPlan(
            "query Q { character(id: 1) { name isFavorite id } }", normalization: Normalization(schema: schema))
        let sent = try #require(ConfigurationTests.stringLiteral(after: "text: ", in: swift))
        #expect(plan.text == sent)
    }

    @Test func aClientOnlyFieldReadsAsAnOptionalThatMayBeAbsent() throws {
        let swift = try Self.compile("query Q { character(id: 1) { name isFavorite } }").swift
        #expect(swift.contains(#"let isFavorite = Scalar<Bool?>("isFavorite", conditional: true)"#))
        #expect(swift.contains(#"let name = Scalar<String?>("name")"#))
    }

    @Test func aClientOnlyFieldWithArgumentsIsValid() throws {
        let output = try Self.compile(#"query Q { character(id: 1) { note(lang: "fr") } }"#)
        #expect(output.errors.isEmpty, "\(output.errors)")
        #expect(output.swift.contains(#"let note = Scalar<String?>("note", arguments: true, conditional: true)"#))
    }

    @Test func aClientOnlyFieldIsValidInAMutationASubscriptionAndADeferredFragment() throws {
        for text in [
            "mutation M { rename(id: 1, name: \"R\") { character { name isFavorite } } }",
            "subscription S { renamed(id: 1) { character { isFavorite } } }",
            "query Q { character(id: 1) { name ... @defer(label: \"d\") { isFavorite } } }",
            "query Q { character(id: 1) { friends { isFavorite } } }",
        ] {
            let output = try Self.compile(text)
            #expect(output.errors.isEmpty, "\(text): \(output.errors)")
        }
    }

    @Test func aMutationsOptimisticResponseMayWriteAClientOnlyField() throws {
        let swift = try Self.compile("mutation M { rename(id: 1, name: \"R\") { character { name isFavorite } } }")
            .swift
        let sent = try #require(ConfigurationTests.stringLiteral(after: "text: ", in: swift))
        #expect(!sent.contains("isFavorite"))
        #expect(swift.contains("var isFavorite: Bool?"))
    }

    @Test func anExtensionThatDefinesAServerFieldAgainIsAnErrorAtIt() {
        #expect(
            throws: CompilerError.syntax(
                message:
                    "Field 'Character.name' is a field of the server's schema: a client extension adds client-only fields and cannot define a server field again",
                file: "client.graphql", line: 3, column: 3)
        ) {
            _ = try CompilerSchema(
                sources: [GraphQLSource(file: "schema.graphql", text: Self.server)],
                extensions: [
                    GraphQLSource(
                        file: "client.graphql",
                        text: "extend type Character {\n  isFavorite: Boolean\n  name: String\n}")
                ])
        }
    }

    @Test func theConfigurationReadsItsExtensionsApartFromItsSchema() throws {
        let configuration = try CompilerConfiguration.parse(
            #"{"schema": "s.graphql", "schemaExtensions": ["c.graphql", "/abs/d.graphql"]}"#, file: "/app/baton.json")
        #expect(configuration.schemaPaths == ["/app/s.graphql"])
        #expect(configuration.schemaExtensionPaths == ["/app/c.graphql", "/abs/d.graphql"])
    }
}
