import Testing
import BatonCompiler
import BatonNormalize

/// Relay's fragment arguments: `@argumentDefinitions` on a fragment and `@arguments` on a
/// spread are validated against the schema and each other, applied to the text sent, its
/// hash and the plan (one document: what is planned is what is sent), and never sent.
struct FragmentArgumentTests {
    static let notes = """
        fragment Notes on Character @argumentDefinitions(count: {type: "Int", defaultValue: 10}, cursor: {type: "String"}) {
          notes(first: $count, after: $cursor) { edges { cursor } }
        }
        """

    @Test func theTextSentAndItsHashCarryEachSpreadsValuesWithoutTheDirectives() throws {
        let output = SpecSchema.compile(
            """
            query Q($after: String) { a: character(id: 1) { ...Notes @arguments(count: 2, cursor: $after) } b: character(id: 2) { ...Notes } }
            \(Self.notes)
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
        let hash = try #require(
            ConfigurationTests.stringLiteral(after: "static let persistedQueryHash = ", in: output.swift))
        let sent = try #require(ConfigurationTests.stringLiteral(after: "text: ", in: output.swift))
        let copy = "Notes_" + SHA256.hexDigest("count:2,cursor:$after").prefix(8)
        #expect(sent.hasPrefix(#"query Q($after:String){a:character(id:1){...\#(copy)"#), "\(sent)")
        #expect(sent.contains("fragment \(copy) on Character{notes(first:2,after:$after){"), "\(sent)")
        #expect(sent.contains("fragment Notes on Character{notes(first:10){"), "\(sent)")
        #expect(!sent.contains("argument"), "\(sent)")
        #expect(SHA256.hexDigest(sent) == hash)
        #expect(output.manifest.operations.map(\.body) == [sent])
        let document = try #require(ConfigurationTests.stringLiteral(after: "static let document = ", in: output.swift))
        let plan = try OperationPlan(
            document: Document.parse(document), variables: ["after": "c1"],
            normalization: Normalization(schema: SpecSchema.compiler.schema.schema))
        #expect(plan.text == sent, "the runtime plans and sends what the compiler hashed")
        #expect(
            output.swift.contains(
                #"FieldTemplate("notes", arguments: [("first", .int("2")), ("after", .variable("after"))]"#),
            "\(output.swift)")
    }

    @Test func theFragmentsLensReadsItsArgumentFieldsThroughThePlan() {
        let output = SpecSchema.compile(
            #"query Q { character(id: 1) { ...Notes @arguments(count: 2) } }"# + "\n" + Self.notes)
        #expect(output.errors.isEmpty, "\(output.errors)")
        #expect(output.swift.contains(#"Linked<Notes_>("notes", arguments: true)"#), "\(output.swift)")
    }

    @Test func aFragmentsPayloadIsPlannedUnderItsDefaults() {
        let output = SpecSchema.compile(Self.notes)
        #expect(output.errors.isEmpty, "\(output.errors)")
        #expect(output.swift.contains(#"FieldTemplate("notes", arguments: [("first", .int("10"))]"#), "\(output.swift)")
    }

    @Test func anOperationVariableUsedOnlyThroughArgumentsIsUsed() {
        let output = SpecSchema.compile(
            """
            query Q($n: Int, $unused: Int) { character(id: 1) { ...Notes @arguments(count: $n) } }
            \(Self.notes)
            """)
        #expect(output.errors.map(\.message) == ["variable '$unused' is never used in operation 'Q'"])
    }

    @Test func oneFragmentSpreadUnderTwoFieldsWithDifferentArgumentsCompiles() throws {
        let output = SpecSchema.compile(
            """
            query Q { a: character(id: 1) { ...Notes @arguments(count: 1) } b: character(id: 2) { ...Notes @arguments(count: 2) } }
            \(Self.notes)
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
        let sent = try #require(ConfigurationTests.stringLiteral(after: "text: ", in: output.swift))
        #expect(sent.contains("notes(first:1)") && sent.contains("notes(first:2)"), "\(sent)")
    }

    @Test func aFieldBesideASpreadWhoseValueMakesTheSameArgumentsMerges() {
        let output = SpecSchema.compile(
            """
            query Q { character(id: 1) { notes(first: 3) { edges { cursor } } ...Notes @arguments(count: 3) } }
            \(Self.notes)
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
    }

    @Test func aLocalVariableIsNotTheOperationsAndNeedsNoDefinitionThere() {
        let output = SpecSchema.compile(#"query Q { character(id: 1) { ...Notes } }"# + "\n" + Self.notes)
        #expect(output.errors.isEmpty, "\(output.errors)")
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

    static let spread = "query Q {\n  character(id: 1) { ...F }\n}\n"

    static let cases: [Case] = [
        Case(
            name: "an unknown type",
            document: spread
                + "fragment F on Character @argumentDefinitions(n: {type: \"Itn\"}) { notes(first: $n) { __typename } }",
            rule: .variableInputType, line: 4, column: 46,
            says: "argument 'n' of fragment 'F' has unknown type 'Itn'; did you mean 'Int' or 'ID'?"),
        Case(
            name: "a type that does not parse",
            document: spread
                + "fragment F on Character @argumentDefinitions(n: {type: \"[Int\"}) { notes(first: $n) { __typename } }",
            rule: .variableInputType, line: 4, column: 46, says: "has type '[Int', which does not parse"),
        Case(
            name: "an output type",
            document: spread + "fragment F on Character @argumentDefinitions(n: {type: \"Character\"}) { name }",
            rule: .variableInputType, line: 4, column: 46, says: "is of 'Character', which is not an input type"),
        Case(
            name: "no type",
            document: spread + "fragment F on Character @argumentDefinitions(n: {defaultValue: 1}) { name }",
            rule: .variableInputType, line: 4, column: 46, says: "argument 'n' of fragment 'F' needs a type"),
        Case(
            name: "a default of another type",
            document: spread
                + "fragment F on Character @argumentDefinitions(n: {type: \"Int\", defaultValue: \"ten\"}) { notes(first: $n) { __typename } }",
            rule: .valueType, line: 4, column: 77,
            says: "the default of argument 'n' of fragment 'F' must be a literal of 'Int'"),
        Case(
            name: "an argument the fragment does not define",
            document: "query Q {\n  character(id: 1) { ...F @arguments(cuont: 2) }\n}\n"
                + "fragment F on Character @argumentDefinitions(count: {type: \"Int\"}) { notes(first: $count) { __typename } }",
            rule: .argumentNames, line: 2, column: 38,
            says: "fragment 'F' has no argument 'cuont'; did you mean 'count'?"),
        Case(
            name: "arguments to a fragment without definitions",
            document: "query Q {\n  character(id: 1) { ...F @arguments(n: 2) }\n}\nfragment F on Character { name }",
            rule: .argumentNames, line: 2, column: 38, says: "(it has no @argumentDefinitions)"),
        Case(
            name: "a literal of the wrong type",
            document: "query Q {\n  character(id: 1) { ...F @arguments(count: true) }\n}\n"
                + "fragment F on Character @argumentDefinitions(count: {type: \"Int\"}) { notes(first: $count) { __typename } }",
            rule: .valueType, line: 2, column: 45, says: "argument 'count' of fragment 'F' must be a literal of 'Int'"),
        Case(
            name: "an operation variable of an incompatible type",
            document: "query Q($s: String) {\n  character(id: 1) { ...F @arguments(count: $s) }\n}\n"
                + "fragment F on Character @argumentDefinitions(count: {type: \"Int\"}) { notes(first: $count) { __typename } }",
            rule: .variableUsage, line: 2, column: 45,
            says: "variable '$s' of type 'String' is used where 'Int' is expected"),
        Case(
            name: "a required argument left out",
            document: "query Q {\n  character(id: 1) { ...F }\n}\n"
                + "fragment F on Character @argumentDefinitions(count: {type: \"Int!\"}) { notes(first: $count) { __typename } }",
            rule: .requiredArguments, line: 2, column: 22, says: "'...F' needs argument 'count' of type 'Int!'"),
        Case(
            name: "a local variable where its type does not fit",
            document: spread
                + "fragment F on Character @argumentDefinitions(count: {type: \"String\"}) {\n  notes(first: $count) { __typename }\n}",
            rule: .variableUsage, line: 5, column: 16,
            says: "fragment argument '$count' of type 'String' is used where 'Int' is expected"),
        Case(
            name: "a nullable local variable where a non-null one is needed",
            document: spread
                + "fragment F on Character @argumentDefinitions(id: {type: \"ID\"}) {\n  origin { __typename }\n  ...G @arguments(id: $id)\n}\n"
                + "fragment G on Character @argumentDefinitions(id: {type: \"ID!\"}) { name }",
            rule: .variableUsage, line: 6, column: 23,
            says: "fragment argument '$id' of type 'ID' is used where 'ID!' is expected"),
        Case(
            name: "an undefined variable in a fragment with arguments",
            document: spread
                + "fragment F on Character @argumentDefinitions(count: {type: \"Int\"}) { notes(first: $count, after: $after) { __typename } }",
            rule: .variableDefined, line: 4, column: 98, says: "variable '$after' is not defined by operation 'Q'"),
        Case(
            name: "one fragment spread twice on one object with different arguments",
            document: "query Q {\n  character(id: 1) { ...F @arguments(count: 1)\n    ...F @arguments(count: 2) }\n}\n"
                + "fragment F on Character @argumentDefinitions(count: {type: \"Int\"}) { notes(first: $count) { __typename } }",
            rule: .fieldMerging, line: 3, column: 5,
            says: "fragment 'F' is spread on one object with different arguments"),
        Case(
            name: "a field beside a spread whose value makes it select the field with other arguments",
            document:
                "query Q($count: Int) {\n  character(id: 1) { notes(first: $count) { __typename } ...F @arguments(count: 3) }\n}\n"
                + "fragment F on Character @argumentDefinitions(count: {type: \"Int\"}) {\n  notes(first: $count) { __typename }\n}",
            rule: .fieldMerging, line: 5, column: 3, says: "'notes' is selected with different arguments"),
    ]

    @Test("a bad fragment argument is an error at its place", arguments: cases)
    func aBadFragmentArgumentIsReportedWhereItIsWritten(_ item: Case) throws {
        let output = SpecSchema.compile(item.document)
        let error = try #require(output.errors.first, "no error for \(item.name)")
        #expect(output.errors.count == 1, "\(item.name): \(output.errors)")
        #expect(error.rule == item.rule, "\(error)")
        #expect("\(error)".hasPrefix("Doc.graphql:\(item.line):\(item.column): error: "), "\(error)")
        #expect("\(error)".contains(item.says), "\(error)")
        #expect(output.swift.isEmpty)
    }
}
