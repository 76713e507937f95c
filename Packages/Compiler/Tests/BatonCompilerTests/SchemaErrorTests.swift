import Testing
import BatonCompiler

/// A schema that is not well formed is reported in the file at fault.
struct SchemaErrorTests {
    @Test func aSyntaxErrorInAnExtensionNamesTheExtension() {
        let sources = [
            GraphQLSource(file: "schema.graphql", text: "type Query { a: Int }"),
            GraphQLSource(file: "extensions.graphql", text: "\nextend type Query {\n  b: \n}"),
        ]
        #expect(throws: CompilerError.self) { _ = try CompilerSchema(sources: sources) }
        do {
            _ = try CompilerSchema(sources: sources)
        } catch {
            #expect(error.file == "extensions.graphql")
            #expect(error.line == 4)
        }
    }

    @Test func aTypeDefinedTwiceIsPlacedAtTheSecondDefinition() {
        let sources = [
            GraphQLSource(file: "schema.graphql", text: "type Query { a: Int }"),
            GraphQLSource(file: "more.graphql", text: "\n\ntype Query { b: Int }"),
        ]
        do {
            _ = try CompilerSchema(sources: sources)
            Issue.record("a type defined twice was accepted")
        } catch {
            #expect([error.file, "\(error.line)"] == ["more.graphql", "3"])
            #expect(!error.message.contains("SDL text"))
        }
    }
}
