import Testing
import BatonCompiler
import BatonNormalize

/// `@cacheExpiration(seconds:)` on a query: a positive integer literal, written into the
/// generated operation as its `cacheExpiration`, and never sent to the server.
struct CacheExpirationTests {
    @Test func aQuerysCacheExpirationIsWrittenIntoItsOperation() {
        let output = SpecSchema.compile(
            """
            query Expiring($id: ID!) @cacheExpiration(seconds: 300) { character(id: $id) { name } }
            query Lasting($id: ID!) { character(id: $id) { name } }
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
        #expect(output.swift.contains("static let cacheExpiration: Duration? = .seconds(300)"))
        #expect(output.swift.components(separatedBy: "static let cacheExpiration").count == 2, "only Expiring has one")
    }

    @Test func aCacheExpirationIsLeftOutOfTheSentTextAndItsHash() throws {
        let output = SpecSchema.compile(
            "query Q($id: ID!) @cacheExpiration(seconds: 60) { character(id: $id) { name } }")
        #expect(output.errors.isEmpty, "\(output.errors)")
        let document = try #require(ConfigurationTests.stringLiteral(after: "static let document = ", in: output.swift))
        let hash = try #require(
            ConfigurationTests.stringLiteral(after: "static let persistedQueryHash = ", in: output.swift))
        let sent = try #require(ConfigurationTests.stringLiteral(after: "text: ", in: output.swift))
        #expect(document.contains("@cacheExpiration(seconds:60)"))
        #expect(!sent.contains("cacheExpiration"))
        #expect(sent.hasPrefix("query Q($id:ID!){"), "\(sent)")
        #expect(SHA256.hexDigest(sent) == hash)
        #expect(output.manifest.operations.allSatisfy { !$0.body.contains("cacheExpiration") })
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
            name: "on a mutation",
            document: "mutation M @cacheExpiration(seconds: 60) { rename(id: 1, name: \"R\") { __typename } }",
            rule: .directiveDefinedAndPlaced, line: 1, column: 12, says: "'@cacheExpiration' is not allowed on mutation"
        ),
        Case(
            name: "on a subscription",
            document: "subscription S @cacheExpiration(seconds: 60) { noteAdded(characterId: 1) { __typename } }",
            rule: .directiveDefinedAndPlaced, line: 1, column: 16,
            says: "'@cacheExpiration' is not allowed on subscription"),
        Case(
            name: "on a fragment", document: "fragment F on Character @cacheExpiration(seconds: 60) { name }",
            rule: .directiveDefinedAndPlaced, line: 1, column: 25,
            says: "'@cacheExpiration' is not allowed on fragment definition"),
        Case(
            name: "on a field", document: "query Q {\n  character(id: 1) @cacheExpiration(seconds: 60) { name }\n}",
            rule: .directiveDefinedAndPlaced, line: 2, column: 20, says: "'@cacheExpiration' is not allowed on field"),
        Case(
            name: "zero", document: "query Q @cacheExpiration(seconds: 0) { character(id: 1) { name } }",
            rule: .clientDirective, line: 1, column: 9, says: "must be a positive integer literal"),
        Case(
            name: "negative", document: "query Q @cacheExpiration(seconds: -5) { character(id: 1) { name } }",
            rule: .clientDirective, line: 1, column: 9, says: "must be a positive integer literal"),
        Case(
            name: "a variable",
            document: "query Q($s: Int!)\n  @cacheExpiration(seconds: $s) { character(id: 1) { name } }",
            rule: .clientDirective, line: 2, column: 3, says: "must be a positive integer literal"),
        Case(
            name: "twice",
            document:
                "query Q @cacheExpiration(seconds: 5) @cacheExpiration(seconds: 6) { character(id: 1) { name } }",
            rule: .directiveUniqueness, line: 1, column: 38, says: "'@cacheExpiration' is given twice here"),
    ]

    @Test("a misplaced or ill-valued cacheExpiration is an error at the directive", arguments: cases)
    func aBadCacheExpirationIsReportedAtTheDirective(_ item: Case) throws {
        let output = SpecSchema.compile(item.document)
        let error = try #require(output.errors.first, "no error for \(item.name)")
        #expect(output.errors.count == 1, "\(output.errors)")
        #expect(error.rule == item.rule)
        #expect("\(error)".hasPrefix("Doc.graphql:\(item.line):\(item.column): error: "), "\(error)")
        #expect("\(error)".contains(item.says), "\(error)")
        #expect(output.swift.isEmpty)
    }

    @Test func aCacheExpirationThatIsNotAnIntIsAnArgumentTypeError() {
        for value in ["\"60\"", "1.5", "null"] {
            let output = SpecSchema.compile(
                "query Q @cacheExpiration(seconds: \(value)) { character(id: 1) { name } }")
            #expect(output.errors.count == 1, "\(value): \(output.errors)")
            #expect(output.errors.allSatisfy { $0.rule != .clientDirective }, "\(value): \(output.errors)")
        }
    }
}
