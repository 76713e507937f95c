import Testing
import BatonCompiler
import BatonNormalize

/// `@pageList(argument:, items:, next:)` and `@offsetList(argument:, items:)`: checked against
/// the schema at the directive, left out of the sent text and its hash, and written into the
/// generated plan as a `PageListTemplate`.
struct PageListTests {
    static let query = """
        query CharacterPages($page: Int) {
          characters(page: $page) @pageList(argument: "page", items: "results", next: "info.next") {
            info { count next }
            results { id name }
          }
        }
        """

    @Test func aPageListIsWrittenIntoTheGeneratedPlan() {
        let output = SpecSchema.compile(Self.query)
        #expect(output.errors.isEmpty, "\(output.errors)")
        #expect(
            output.swift.contains(
                #"connection: ConnectionTemplate(key: "characters", list: PageListTemplate(.page, argument: "page", variable: "page", items: "results", next: ["info", "next"]))"#
            ), "\(output.swift)")
    }

    @Test func anOffsetListWithoutNextIsWrittenWithoutOne() {
        let output = SpecSchema.compile(
            #"query Q($offset: Int) { characters(page: $offset) @offsetList(argument: "page", items: "results") { results { id } } }"#
        )
        #expect(output.errors.isEmpty, "\(output.errors)")
        #expect(
            output.swift.contains(
                #"list: PageListTemplate(.offset, argument: "page", variable: "offset", items: "results"))"#),
            "\(output.swift)")
    }

    @Test func aPageListIsLeftOutOfTheSentTextAndItsHash() throws {
        let output = SpecSchema.compile(Self.query)
        #expect(output.errors.isEmpty, "\(output.errors)")
        let document = try #require(ConfigurationTests.stringLiteral(after: "static let document = ", in: output.swift))
        let hash = try #require(
            ConfigurationTests.stringLiteral(after: "static let persistedQueryHash = ", in: output.swift))
        let sent = try #require(ConfigurationTests.stringLiteral(after: "text: ", in: output.swift))
        #expect(document.contains("@pageList("))
        #expect(
            sent == "query CharacterPages($page:Int){characters(page:$page){info{count,next},results{id,name}}}",
            "\(sent)")
        #expect(SHA256.hexDigest(sent) == hash)
        #expect(output.manifest.operations.allSatisfy { !$0.body.contains("pageList") })
        let plan = try OperationPlan(
            document: Document.parse(document), variables: ["page": 2], normalization: SpecSchema.normalization)
        #expect(plan.text == sent, "the runtime sends what the compiler hashed")
        #expect(plan.root.common.fields.first?.connection?.field == "__characters_pageList")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let document: String
        let line: Int
        let column: Int
        let says: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "an argument the field lacks",
            document:
                "query Q($p: Int) {\n  characters(page: $p) @pageList(argument: \"pg\", items: \"results\") { results { id } }\n}",
            line: 2, column: 24, says: "names 'pg', which is not an argument of 'characters'"),
        Case(
            name: "an argument that is not an Int",
            document:
                "query Q {\n  characters @offsetList(argument: \"filter\", items: \"results\") { results { id } }\n}",
            line: 2, column: 14, says: "names 'filter', which is 'FilterCharacter'; a page number or offset is an Int"),
        Case(
            name: "items that are not a list",
            document:
                "query Q($p: Int) {\n  characters(page: $p) @pageList(argument: \"page\", items: \"info\") { info { next } }\n}",
            line: 2, column: 24, says: "'@pageList(items:)' names 'info', which is 'Info', not a list"),
        Case(
            name: "items the type lacks",
            document:
                "query Q($p: Int) {\n    characters(page: $p) @pageList(argument: \"page\", items: \"nodes\") { results { id } }\n}",
            line: 2, column: 26, says: "names 'nodes', which 'Characters' has no field of"),
        Case(
            name: "a next that is not an Int",
            document:
                "query Q($p: Int) {\n  characters(page: $p)\n    @pageList(argument: \"page\", items: \"results\", next: \"info\") { results { id } }\n}",
            line: 3, column: 5, says: "'@pageList(next:)' names 'info', which is 'Info'; the next page is an Int"),
        Case(
            name: "a next path the type lacks",
            document:
                "query Q($p: Int) {\n  characters(page: $p) @pageList(argument: \"page\", items: \"results\", next: \"info.after\") { results { id } }\n}",
            line: 2, column: 24, says: "names 'info.after', which is not one or two fields of 'Characters'"),
        Case(
            name: "on a scalar field",
            document: "query Q {\n  character(id: 1) { name @pageList(argument: \"page\", items: \"results\") }\n}",
            line: 2, column: 27, says: "'@pageList' marks a field of object type; 'name' is 'String'"),
    ]

    @Test("a page list the schema does not fit is an error at the directive", arguments: cases)
    func aBadPageListIsReportedAtTheDirective(_ item: Case) throws {
        let output = SpecSchema.compile(item.document)
        let error = try #require(output.errors.first, "no error for \(item.name)")
        #expect(output.errors.count == 1, "\(output.errors)")
        #expect(error.rule == .clientDirective)
        #expect("\(error)".hasPrefix("Doc.graphql:\(item.line):\(item.column): error: "), "\(error)")
        #expect("\(error)".contains(item.says), "\(error)")
        #expect(output.swift.isEmpty)
    }
}
