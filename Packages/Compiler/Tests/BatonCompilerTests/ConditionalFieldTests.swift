import Testing
import BatonCompiler

/// A field a response may leave out (under `@include`, `@skip` or `@defer`) is optional in
/// its lens whatever the schema says, and marked so the runtime reads its absence as nil.
struct ConditionalFieldTests {
    static func fields(_ document: String) throws -> [Substring] {
        let output = SpecSchema.compile(document)
        #expect(output.errors.isEmpty, "\(output.errors)")
        return output.swift.split(separator: "\n").filter { $0.contains(" = Scalar<") || $0.contains(" = Linked<") }
    }

    @Test func aNonNullFieldUnderIncludeOrSkipIsOptionalAndConditional() throws {
        let lines = try Self.fields(
            """
            query Q($id: ID!, $on: Boolean!) { character(id: $id) { id episode @include(if: $on) { id } notes(first: 1) @skip(if: $on) { totalCount } } }
            """)
        #expect(lines.contains { $0.contains("let episode = Linked<[Episode?]?>(\"episode\", conditional: true)") })
        #expect(
            lines.contains { $0.contains("let notes = Linked<Notes?>(\"notes\", arguments: true, conditional: true)") })
        #expect(
            lines.contains { $0.contains("let totalCount = Scalar<Int>(\"totalCount\")") },
            "present whenever its parent is")
    }

    @Test func aFieldOnlyInADeferredOrConditionalInlineFragmentIsOptional() throws {
        let lines = try Self.fields(
            """
            query Q($id: ID!, $on: Boolean!) { character(id: $id) { id ... @defer { notes(first: 1) { totalCount } } ... @include(if: $on) { episode { id } } } }
            """)
        #expect(
            lines.contains { $0.contains("let notes = Linked<Notes?>(\"notes\", arguments: true, conditional: true)") })
        #expect(lines.contains { $0.contains("let episode = Linked<[Episode?]?>(\"episode\", conditional: true)") })
    }

    @Test func aFieldAlsoSelectedUnconditionallyKeepsItsSchemaType() throws {
        let lines = try Self.fields(
            """
            query Q($id: ID!, $on: Boolean!) { character(id: $id) { id episode { id } episode @include(if: $on) { name } notes(first: 1) @include(if: true) { totalCount } } }
            """)
        #expect(lines.contains { $0.contains("let episode = Linked<[Episode?]>(\"episode\")") })
        #expect(
            lines.contains { $0.contains("let name = Scalar<String?>(\"name\", conditional: true)") },
            "only the conditional occurrence selects it")
        #expect(
            lines.contains { $0.contains("let notes = Linked<Notes>(\"notes\", arguments: true)") },
            "@include(if: true) keeps it")
    }
}
