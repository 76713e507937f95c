import BatonNormalize
import BatonTestSupport
import Foundation
import Testing

@Suite struct SchemaParsingTests {
    /// Every schema of the test data, by its path under `Tests/`.
    static let schemaFiles = [
        "Fixtures/rickandmorty/afuh-rick-and-morty-api.typeDefs.graphql",
        "Fixtures/rickandmorty/F4bioo-RickAndMorty-GraphQL.schema.graphqls",
        "Fixtures/github/apollo-ios-dev.GitHubAPI.schema.graphqls",
        "Fixtures/github/octokit-graphql-schema.schema.graphql",
        "Fixtures/starwars/schema.graphqls",
        "Fixtures/swapi/swapi-graphql.schema.graphql",
        "Fixtures/grid/schema.graphql",
        "Conformance/baton-spec/tests/schema.graphql",
        "Conformance/baton-spec/rickandmorty/schema.graphql",
        "Conformance/baton-spec/fate/schema.graphql",
    ]

    static func schema(_ paths: String...) throws -> GraphQLSchema {
        try GraphQLSchema.parse(sdl: paths.map { try TestData.text($0) })
    }

    @Test func everySchemaOfTheTestDataParses() throws {
        var found: [String] = []
        for directory in ["Fixtures", "Conformance/baton-spec"] {
            found += try FileManager.default.subpathsOfDirectory(atPath: TestData.url(directory).path)
                .filter { $0.hasSuffix(".graphql") || $0.hasSuffix(".graphqls") }
                .filter { name in
                    ["schema", "typeDefs", "extensions"].contains { name.split(separator: "/").last!.contains($0) }
                }
                .map { "\(directory)/\($0)" }
        }
        #expect(Set(found) == Set(Self.schemaFiles + ["Conformance/baton-spec/tests/extensions.graphql"]))
        for path in Self.schemaFiles {
            let schema = try Self.schema(path)
            #expect(schema.queryType != nil, "\(path)")
            #expect(schema.types.count > 5, "\(path)")
        }
    }

    @Test func starWarsInterfaceAndUnionHaveTheirPossibleTypes() throws {
        let schema = try Self.schema("Fixtures/starwars/schema.graphqls")
        #expect(schema.queryType == "Query")
        #expect(schema.mutationType == "Mutation")
        #expect(schema.possibleTypes("Character") == ["Human", "Droid"])
        #expect(schema.possibleTypes("SearchResult") == ["Human", "Droid", "Starship"])
        #expect(schema.isAbstract("Character") && schema.isAbstract("SearchResult") && !schema.isAbstract("Human"))
        #expect(schema.field("hero", on: "Query")?.type == .named("Character"))
        #expect(schema.field("hero", on: "Query")?.argument("episode")?.type == .named("Episode"))
        #expect(schema.field("friends", on: "Character")?.type == .list(.named("Character")))
        #expect(schema.field("id", on: "Human")?.type == .nonNull(.named("ID")))
        #expect(schema.field("__typename", on: "SearchResult")?.type == .nonNull(.named("String")))
        #expect(schema.field("__typename", on: "Episode") == nil)
        #expect(schema.types["Episode"]?.enumValues.map(\.name) == ["NEWHOPE", "EMPIRE", "JEDI"])
    }

    @Test func batonTestSchemaWithClientExtensions() throws {
        let schema = try Self.schema(
            "Conformance/baton-spec/tests/schema.graphql", "Conformance/baton-spec/tests/extensions.graphql")
        #expect(schema.possibleTypes("SearchResult") == ["Character", "Location", "Episode"])
        #expect(schema.possibleTypes("Named") == ["Character", "Location"])
        #expect(schema.possibleTypes("Node").isSuperset(of: ["Character", "Note", "Location", "Episode"]))
        #expect(schema.field("isPinned", on: "Character")?.type == .named("Boolean"))
        #expect(
            schema.field("isPinned", on: "Character")?.description
                == "Whether the app pinned the character; the device's alone.")
        #expect(schema.field("drafts", on: "Query")?.type == .list(.named("Draft")))
        #expect(schema.field("about", on: "Draft")?.type == .named("Character"))
        #expect(schema.field("species", on: "Character")?.directives.map(\.name) == ["semanticNonNull"])
        #expect(schema.directives["defer"]?.locations == ["FRAGMENT_SPREAD", "INLINE_FRAGMENT"])
        #expect(schema.directives["include"] != nil)
        #expect(schema.canApply(typeCondition: "Named", to: "Character"))
        #expect(!schema.canApply(typeCondition: "Named", to: "Episode"))
        #expect(schema.canApply(typeCondition: "Named", to: "SearchResult"))
        #expect(schema.isSubtype("Character", of: "SearchResult"))
        #expect(!schema.isSubtype("Note", of: "SearchResult"))
        let fields = try #require(schema.types["Character"]?.fields.map(\.name))
        #expect(Array(fields.suffix(2)) == ["isPinned", "note"])
    }

    @Test func swapiTakesItsQueryRootFromTheSchemaDefinition() throws {
        let schema = try Self.schema("Fixtures/swapi/swapi-graphql.schema.graphql")
        #expect(schema.queryType == "Root")
        #expect(schema.rootTypeName(for: .query) == "Root")
        #expect(schema.rootTypeName(for: .mutation) == nil)
        #expect(schema.field("film", on: "Root")?.arguments.map(\.name) == ["id", "filmID"])
        #expect(schema.possibleTypes("Node").contains("Film"))
    }

    @Test func octokitKeepsTheFirstOfATwiceDefinedField() throws {
        let schema = try Self.schema("Fixtures/github/octokit-graphql-schema.schema.graphql")
        let owner = try #require(schema.types["EnterpriseOwnerInfo"])
        #expect(owner.fields.filter { $0.name == "repositoryDeployKeySetting" }.count == 1)
        let field = try #require(schema.field("repositoryDeployKeySetting", on: "EnterpriseOwnerInfo"))
        #expect(field.description?.contains("deploy keys are enabled") == true)
        #expect(field.type == .nonNull(.named("EnterpriseEnabledDisabledSettingValue")))
        let repository = try #require(schema.field("repository", on: "Query"))
        #expect(repository.type == .named("Repository"))
        #expect(repository.argument("owner")?.type == .nonNull(.named("String")))
        #expect(schema.possibleTypes("Node").contains("Repository"))
        #expect(schema.possibleTypes("Node").count > 200)
        #expect(schema.isSubtype("Repository", of: "Node"))
        #expect(schema.types["Repository"]?.interfaces.contains("Node") == true)
    }
}
