import Testing
import BatonCompiler
import BatonNormalize

/// `@updatable` on a fragment definition makes its lens an `UpdatableFragment`, is never sent
/// to the server, and holds the fragment to Relay's rules: each field selected as itself,
/// always, so each setter names one field's storage.
struct UpdatableFragmentTests {
    @Test func anUpdatableFragmentIsAnUpdatableFragmentAndOthersAreNot() throws {
        let output = SpecSchema.compile(
            """
            fragment Row on Character @updatable { name status }
            fragment Plain on Character { name }
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
        #expect(output.swift.contains("extension Row: PayloadFragment, UpdatableFragment {"))
        #expect(output.swift.contains("extension Plain: PayloadFragment {"))
    }

    @Test func anUpdatableFragmentIsSentWithoutItsDirective() throws {
        let output = SpecSchema.compile(
            """
            query Q($id: ID!) { character(id: $id) { ...Row } }
            fragment Row on Character @updatable { name }
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
        let document = try #require(ConfigurationTests.stringLiteral(after: "static let document = ", in: output.swift))
        let hash = try #require(
            ConfigurationTests.stringLiteral(after: "static let persistedQueryHash = ", in: output.swift))
        let sent = try #require(ConfigurationTests.stringLiteral(after: "text: ", in: output.swift))
        #expect(document.contains("fragment Row on Character@updatable{"))
        #expect(sent.hasSuffix("fragment Row on Character{name,id}"))
        #expect(SHA256.hexDigest(sent) == hash)
        let plan = try OperationPlan(
            document: Document.parse(document), variables: ["id": "1"], normalization: SpecSchema.normalization)
        #expect(plan.text == sent, "the runtime sends what the compiler hashed")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let document: String
        let rule: ValidationRule
        let line: Int
        let column: Int
        let says: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "on a field", document: "fragment F on Character { name @updatable }",
            rule: .directiveDefinedAndPlaced, line: 1, column: 32, says: "'@updatable' is not allowed on field"),
        Case(
            name: "on an operation", document: "query Q @updatable { character(id: 1) { name } }",
            rule: .directiveDefinedAndPlaced, line: 1, column: 9, says: "'@updatable' is not allowed on query"),
        Case(
            name: "alias", document: "fragment F on Character @updatable {\n  label: name\n}",
            rule: .updatableFragment, line: 2, column: 3,
            says: "'@updatable' fragment 'F' aliases 'name' as 'label'"),
        Case(
            name: "nested alias", document: "fragment F on Character @updatable { origin { label: name } }",
            rule: .updatableFragment, line: 1, column: 47, says: "aliases 'name' as 'label'"),
        Case(
            name: "include",
            document:
                "query Q($on: Boolean!) { character(id: 1) { ...F } }\nfragment F on Character @updatable { name @include(if: $on) }",
            rule: .updatableFragment, line: 2, column: 43, says: "puts 'name' under '@include'"),
        Case(
            name: "skip on an inline fragment",
            document: "fragment F on Character @updatable { ... on Character @skip(if: true) { name } }",
            rule: .updatableFragment, line: 1, column: 55, says: "puts the inline fragment on 'Character' under '@skip'"
        ),
        Case(
            name: "defer on a spread",
            document: "fragment F on Character @updatable { ...G @defer }\nfragment G on Character { name }",
            rule: .updatableFragment, line: 1, column: 43, says: "puts '...G' under '@defer'"),
        Case(
            name: "connection",
            document:
                "fragment F on Character @updatable { notes(first: 2) @connection(key: \"F_notes\") { edges { cursor } } }",
            rule: .updatableFragment, line: 1, column: 54, says: "marks 'notes' '@connection'"),
        Case(
            name: "edge directive",
            document: "fragment F on Character @updatable { origin @appendEdge(connections: []) { name } }",
            rule: .updatableFragment, line: 1, column: 45, says: "marks 'origin' '@appendEdge'"),
    ]

    @Test("an updatable fragment's rule, broken, is an error at the offending character", arguments: cases)
    func aBrokenRuleIsReportedWhereItIsBroken(_ item: Case) throws {
        let output = SpecSchema.compile(item.document)
        let error = try #require(output.errors.first, "no error for \(item.name)")
        #expect(output.errors.count == 1, "\(output.errors)")
        #expect(error.rule == item.rule)
        #expect("\(error)".hasPrefix("Doc.graphql:\(item.line):\(item.column): error: "), "\(error)")
        #expect("\(error)".contains(item.says), "\(error)")
        #expect(output.swift.isEmpty)
    }

    @Test func anUpdatableFragmentMaySpreadAFragmentThatAliasesItsOwnFields() {
        let output = SpecSchema.compile(
            """
            fragment F on Character @updatable { name ...G }
            fragment G on Character { label: name origin @include(if: true) { id } }
            """)
        #expect(output.errors.isEmpty, "a spread fragment is read through its own lens: \(output.errors)")
    }
}
