import BatonNormalize
import Testing

@Suite struct SchemaDefinitionTests {
    static let sdl = #"""
        """The schema's own description."""
        schema @entry { query: Root }

        "A scalar with a one-line description."
        scalar Date @specifiedBy(url: "https://example.com/date")

        interface Entity { id: ID! }
        interface Resource implements Entity & Named @tag(name: "r") {
          id: ID!
          "The address."
          url(
            "Whether to make it absolute."
            absolute: Boolean = true
          ): String
        }
        interface Named { name: String }

        type Root {
          entity(id: ID!): Entity
          search(filter: Filter = {term: "x", limit: 10}): [Result!]!
        }
        type Page implements Resource & Entity & Named {
          id: ID!
          url(absolute: Boolean = true): String
          name: String @semanticNonNull(levels: [0])
          kind: Kind
        }
        type Image implements Resource { id: ID!, url(absolute: Boolean): String, width: Int }
        type Person implements Entity & Named { id: ID! name: String }

        union Result = | Page | Image
        enum Kind { ARTICLE "A list." LISTING @deprecated(reason: "gone") }
        input Filter { term: String!, limit: Int = 20, kinds: [Kind!] }

        directive @tag(name: String!) repeatable on OBJECT | INTERFACE | FIELD_DEFINITION
        """
        Marks the schema's entry.
        """
        directive @entry on | SCHEMA
        """#

    static let extensions = """
        extend schema @extended { mutation: Edits }
        type Edits { touch(id: ID!): Entity }
        extend type Person implements Resource { url(absolute: Boolean): String }
        extend interface Named @tag(name: "n") { displayName: String }
        extend union Result = Person
        extend enum Kind { GALLERY }
        extend input Filter { since: Date }
        extend scalar Date @tag(name: "d")
        """

    @Test func interfacesImplementingInterfacesGiveTransitivePossibleTypes() throws {
        let schema = try GraphQLSchema.parse(sdl: Self.sdl)
        #expect(schema.types["Resource"]?.interfaces == ["Entity", "Named"])
        #expect(schema.possibleTypes("Resource") == ["Page", "Image"])
        #expect(schema.possibleTypes("Entity") == ["Page", "Image", "Person"])
        #expect(schema.possibleTypes("Named") == ["Page", "Image", "Person"])
        #expect(schema.possibleTypes("Page") == ["Page"])
        #expect(schema.possibleTypes("Kind").isEmpty)
        #expect(schema.isSubtype("Image", of: "Entity"))
        #expect(schema.isSubtype("Resource", of: "Entity"))
        #expect(!schema.isSubtype("Entity", of: "Resource"))
        #expect(schema.canApply(typeCondition: "Resource", to: "Image"))
        #expect(!schema.canApply(typeCondition: "Resource", to: "Person"))
        #expect(schema.canApply(typeCondition: "Result", to: "Page"))
        #expect(!schema.canApply(typeCondition: "Result", to: "Person"))
        #expect(schema.canApply(typeCondition: "Person", to: "Person"))
        #expect(schema.field("__typename", on: "Resource") == .typename)
    }

    @Test func definitionsKeepDescriptionsDefaultsAndDirectives() throws {
        let schema = try GraphQLSchema.parse(sdl: Self.sdl)
        #expect(schema.queryType == "Root")
        #expect(schema.mutationType == nil)
        #expect(schema.schemaDirectives.map(\.name) == ["entry"])
        #expect(schema.types["Date"]?.kind == .scalar)
        #expect(schema.types["Date"]?.description == "A scalar with a one-line description.")
        #expect(schema.types["Date"]?.directives.first?.argument("url") == .string("https://example.com/date"))
        let url = try #require(schema.field("url", on: "Resource"))
        #expect(url.description == "The address.")
        #expect(
            url.arguments == [
                InputValueDefinition(
                    name: "absolute", description: "Whether to make it absolute.", type: .named("Boolean"),
                    defaultValue: .boolean(true))
            ])
        #expect(schema.types["Resource"]?.directives.first?.argument("name") == .string("r"))
        #expect(schema.field("name", on: "Page")?.directives.first?.argument("levels") == .list([.int("0")]))
        let search = try #require(schema.field("search", on: "Root"))
        #expect(search.type == .nonNull(.list(.nonNull(.named("Result")))))
        #expect(search.argument("filter")?.defaultValue == .object([("term", .string("x")), ("limit", .int("10"))]))
        #expect(schema.types["Result"]?.unionMembers == ["Page", "Image"])
        #expect(schema.types["Kind"]?.enumValues.map(\.name) == ["ARTICLE", "LISTING"])
        #expect(schema.types["Kind"]?.enumValues[1].description == "A list.")
        #expect(schema.types["Kind"]?.enumValues[1].directives.first?.name == "deprecated")
        #expect(schema.types["Filter"]?.inputFields.map(\.name) == ["term", "limit", "kinds"])
        #expect(schema.types["Filter"]?.inputField(named: "limit")?.defaultValue == .int("20"))
        #expect(schema.types["Filter"]?.inputField(named: "kinds")?.type == .list(.nonNull(.named("Kind"))))
        #expect(schema.directives["tag"]?.isRepeatable == true)
        #expect(schema.directives["tag"]?.locations == ["OBJECT", "INTERFACE", "FIELD_DEFINITION"])
        #expect(schema.directives["entry"]?.description == "Marks the schema's entry.")
        #expect(schema.directives["entry"]?.isRepeatable == false)
        #expect(schema.types["Page"]?.fields.map(\.name) == ["id", "url", "name", "kind"])
    }

    @Test func extensionsOfEveryKindApplyAcrossTexts() throws {
        let schema = try GraphQLSchema.parse(sdl: Self.extensions, Self.sdl)
        #expect(schema.mutationType == "Edits")
        #expect(schema.rootTypeName(for: .mutation) == "Edits")
        #expect(schema.schemaDirectives.map(\.name) == ["entry", "extended"])
        #expect(schema.types["Person"]?.interfaces == ["Entity", "Named", "Resource"])
        #expect(schema.possibleTypes("Resource") == ["Page", "Image", "Person"])
        #expect(schema.field("url", on: "Person") != nil)
        #expect(schema.field("displayName", on: "Named")?.type == .named("String"))
        #expect(schema.types["Named"]?.directives.map(\.name) == ["tag"])
        #expect(schema.possibleTypes("Result") == ["Page", "Image", "Person"])
        #expect(schema.types["Kind"]?.enumValues.map(\.name) == ["ARTICLE", "LISTING", "GALLERY"])
        #expect(schema.types["Filter"]?.inputField(named: "since")?.type == .named("Date"))
        #expect(schema.types["Date"]?.directives.map(\.name) == ["specifiedBy", "tag"])
    }

    @Test func rootTypesDefaultToQueryMutationSubscription() throws {
        let schema = try GraphQLSchema.parse(sdl: "type Query { a: Int } type Subscription { b: Int }")
        #expect(schema.rootTypeName(for: .query) == "Query")
        #expect(schema.rootTypeName(for: .mutation) == nil)
        #expect(schema.rootTypeName(for: .subscription) == "Subscription")
        #expect(schema.types["Boolean"]?.kind == .scalar)
    }

    @Test func malformedSDLReportsLineAndColumn() {
        #expect(throws: GraphQLSyntaxError(line: 3, column: 6, message: "Expected a type, found '}'")) {
            try GraphQLSchema.parse(sdl: "type Query {\n  a: Int\n  b: }")
        }
        #expect(
            throws: GraphQLSyntaxError(
                line: 1, column: 1,
                message:
                    "Expected a type system definition ('schema', 'scalar', 'type', 'interface', 'union', 'enum', 'input', 'directive' or 'extend'), found Name 'query'"
            )
        ) {
            try GraphQLSchema.parse(sdl: "query { a }")
        }
        #expect(
            throws: GraphQLSyntaxError(
                line: 1, column: 18, message: "Expected an enum value (not true, false or null), found Name 'null'")
        ) {
            try GraphQLSchema.parse(sdl: "enum E { A, B, C null }")
        }
    }

    @Test func extendingAnUndefinedTypeNamesTheTypeAndText() {
        #expect(
            throws: GraphQLSyntaxError(
                line: 2, column: 1,
                message: "Cannot extend type 'Missing': no such type is defined (in SDL text 2 of 2)"
            )
        ) {
            try GraphQLSchema.parse(sdl: "type Query { a: Int }", "\nextend type Missing { b: Int }")
        }
        #expect(
            throws: GraphQLSyntaxError(
                line: 1, column: 23, message: "Type 'Query' is defined more than once (first at 1:1)")
        ) {
            try GraphQLSchema.parse(sdl: "type Query { a: Int } type Query { b: Int }")
        }
    }
}
