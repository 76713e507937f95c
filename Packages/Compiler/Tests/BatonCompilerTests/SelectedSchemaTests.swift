import BatonCompiler
import BatonNormalize
import Testing

/// `BatonSchema.selectedSchema`, the SDL a test's mocks read: it parses back, and it says of
/// each field the documents read what the whole schema says.
struct SelectedSchemaTests {
    /// The SDL between `static let selectedSchema = """` and its closing quotes, unindented.
    static func selectedSchema(in swift: String) throws -> String {
        let lines = swift.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasSuffix("static let selectedSchema = \"\"\"") })
        let end = try #require(lines[(start + 1)...].firstIndex { $0.drop(while: { $0 == " " }) == "\"\"\"" })
        return lines[(start + 1)..<end].map { String($0.trimmingPrefix("  ")) }.joined(separator: "\n")
    }

    @Test("every golden's selected schema parses back", arguments: GoldenTests.goldens.indices)
    func everyGoldensSelectedSchemaParsesBack(_ index: Int) throws {
        let output = try GoldenTests.goldens[index].compile()
        let schema = try GraphQLSchema.parse(sdl: try Self.selectedSchema(in: output.swift))
        #expect(schema.queryType == "Query")
    }

    @Test func theSelectedSchemaKeepsNullabilityEnumValuesAndPossibleTypesAndDropsTheRest() throws {
        let output = SpecSchema.compiler.compile([
            GraphQLSource(
                file: "Search.graphql",
                text: """
                    query Search { search(name: "rick") { ... on Character { name } ... on Location { name } } \
                    node(id: "1") { id } assets { uuid listedAt } }
                    mutation Lists { setLists { statuses ids } }
                    """)
        ])
        #expect(output.errors.isEmpty, "\(output.errors)")
        let selected = try GraphQLSchema.parse(sdl: try Self.selectedSchema(in: output.swift))
        let whole = SpecSchema.compiler.schema.schema
        for (type, field) in [
            ("Character", "name"), ("Location", "name"), ("Query", "node"), ("Asset", "uuid"), ("Asset", "listedAt"),
            ("ListsPayload", "ids"), ("ListsPayload", "statuses"),
        ] {
            let kept = try #require(selected.field(field, on: type), "\(type).\(field)")
            #expect(kept.type == whole.field(field, on: type)?.type, "\(type).\(field)")
        }
        #expect(selected.possibleTypes("SearchResult") == whole.possibleTypes("SearchResult"))
        #expect(selected.possibleTypes("Node") == whole.possibleTypes("Node"))
        let status = try #require(selected.type(named: "Status"))
        #expect(status.enumValues.map(\.name) == whole.type(named: "Status")?.enumValues.map(\.name))
        #expect(selected.type(named: "DateTime")?.kind == .scalar)
        #expect(selected.mutationType == "Mutation")
        #expect(selected.field("species", on: "Character") == nil, "a field no document reads is left out")
    }
}
