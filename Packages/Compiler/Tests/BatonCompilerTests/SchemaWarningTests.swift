import Testing
import BatonCompiler

/// A schema that defines a field twice compiles (the first definition is used) and warns at
/// the second, naming the first.
struct SchemaWarningTests {
    @Test func aFieldDefinedTwiceWarnsWithBothPlacesAndFailsNothing() throws {
        let sources = [
            GraphQLSource(
                file: "schema.graphql",
                text: "type Query {\n  a: Int\n  b: String\n  a: Int\n}\ninput In { x: Int, x: Int }"),
            GraphQLSource(file: "more.graphql", text: "\nextend type Query {\n  b: Int\n}"),
        ]
        let schema = try CompilerSchema(sources: sources)
        let used = "the first definition is the one used"
        #expect(
            schema.warnings.map(\.description) == [
                "schema.graphql:4:3: warning: field 'Query.a' is defined again here, first at schema.graphql:2:3; \(used)",
                "schema.graphql:6:20: warning: field 'In.x' is defined again here, first at schema.graphql:6:12; \(used)",
                "more.graphql:3:3: warning: field 'Query.b' is defined again here, first at schema.graphql:3:3; \(used)",
            ])
        let output = Compiler(schema: schema).compile([GraphQLSource(file: "Q.graphql", text: "query Q { a b }")])
        #expect(output.errors.isEmpty, "\(output.errors)")
        #expect(!output.swift.isEmpty)
        #expect(output.warnings == schema.warnings)
    }

    @Test func aSchemaWithoutDuplicatesWarnsOfNothing() throws {
        #expect(SpecSchema.compiler.schema.warnings.isEmpty)
    }
}
