import Testing
import BatonCompiler

/// Each rule, broken once, is reported at the offending character of the file that breaks it.
struct ValidationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let document: String
        let rule: ValidationRule
        let line: Int
        let column: Int
        var testDescription: String { "\(rule)" }
    }

    static let cases: [Case] = [
        Case(document: "query A { character(id: 1) { nam } }", rule: .fieldExists, line: 1, column: 30),
        Case(document: "query A { search(name: \"x\") { name } }", rule: .fieldExists, line: 1, column: 31),
        Case(document: "query A { character(id: 1) { name { x } } }", rule: .leafSelections, line: 1, column: 30),
        Case(document: "query A { character(id: 1) }", rule: .leafSelections, line: 1, column: 11),
        Case(document: "query A { character(idd: 1) { name } }", rule: .argumentNames, line: 1, column: 21),
        Case(document: "query A { character { name } }", rule: .requiredArguments, line: 1, column: 11),
        Case(document: "query A { character(id: 1, id: 2) { name } }", rule: .argumentUniqueness, line: 1, column: 28),
        Case(document: "query A { character(id: true) { name } }", rule: .valueType, line: 1, column: 25),
        Case(
            document: "query A { characters(page: 3000000000) { info { count } } }", rule: .valueType, line: 1,
            column: 28),
        Case(
            document: "query A { charactersWithStatus(status: ZOMBIE) { name } }", rule: .valueType, line: 1, column: 40
        ),
        Case(
            document: "query A { characters(filter: {nam: \"x\"}) { info { count } } }", rule: .valueType, line: 1,
            column: 30),
        Case(
            document: "query A($id: String!) { character(id: $id) { name } }", rule: .variableUsage, line: 1, column: 39
        ),
        Case(document: "query A($id: ID) { character(id: $id) { name } }", rule: .variableUsage, line: 1, column: 34),
        Case(document: "query A { character(id: $id) { name } }", rule: .variableDefined, line: 1, column: 25),
        Case(
            document: "query A($id: ID!, $x: Int) { character(id: $id) { name } }", rule: .variableUsed, line: 1,
            column: 19),
        Case(
            document: "query A($id: ID!, $id: ID!) { character(id: $id) { name } }", rule: .variableUniqueness, line: 1,
            column: 19),
        Case(document: "query A($c: Character) { tokenizer { id } }", rule: .variableInputType, line: 1, column: 9),
        Case(
            document: "query A { character(id: 1) { ...F } }\nfragment F on Location { id }",
            rule: .fragmentSpreadPossible, line: 1, column: 30),
        Case(
            document: "query A { character(id: 1) { ... on Episode { id } } }", rule: .fragmentSpreadPossible, line: 1,
            column: 30),
        Case(document: "query A { character(id: 1) { ...G } }", rule: .fragmentSpreadTarget, line: 1, column: 30),
        Case(
            document: "query A { character(id: 1) { ...F } }\nfragment F on Nope { id }", rule: .fragmentTypeCondition,
            line: 2, column: 1),
        Case(
            document:
                "query A { character(id: 1) { ...F } }\nfragment F on Character { ...G }\nfragment G on Character { ...F }",
            rule: .fragmentCycle, line: 3, column: 27),
        Case(
            document: "query A { tokenizer { id } }\nfragment F on Character { id }\nfragment F on Character { name }",
            rule: .fragmentNameUniqueness, line: 3, column: 1),
        Case(
            document: "query A { tokenizer { id } }\nquery A { tokenizer { id } }", rule: .operationNameUniqueness,
            line: 2, column: 1),
        Case(document: "{ tokenizer { id } }", rule: .operationName, line: 1, column: 1),
        Case(document: "query A { character(id: 1) { n: name n: status } }", rule: .fieldMerging, line: 1, column: 38),
        Case(
            document: "query A { character(id: 1) { name @unknown } }", rule: .directiveDefinedAndPlaced, line: 1,
            column: 35),
        Case(
            document: "query A @include(if: true) { tokenizer { id } }", rule: .directiveDefinedAndPlaced, line: 1,
            column: 9),
        Case(
            document: "query A { character(id: 1) { name @skip(if: true) @skip(if: false) } }",
            rule: .directiveUniqueness, line: 1, column: 51),
        Case(document: "query A { character(id: 1) { name @include } }", rule: .requiredArguments, line: 1, column: 35),
        Case(
            document:
                "subscription S { noteAdded(characterId: 1) { character { id } } tokenizer: noteAdded(characterId: 2) { character { id } } }",
            rule: .singleRootField, line: 1, column: 1),
        Case(
            document: "query A { character(id: 1) { name @connection(key: \"k\") } }", rule: .clientDirective, line: 1,
            column: 35),
        Case(
            document: "query A { notes(first: 2) @connection(key: \"k\", filters: [\"nope\"]) { edges { cursor } } }",
            rule: .clientDirective, line: 1, column: 27),
        Case(
            document: "query A { character(id: 1) { origin @catch { id } } }", rule: .clientDirective, line: 1,
            column: 37),
        Case(
            document: "query A { character(id: 1) { name @required(action: MAYBE) } }", rule: .valueType, line: 1,
            column: 53),
        Case(
            document: "mutation M { removeNote(id: 1) { removedNoteId @appendEdge(connections: []) } }",
            rule: .clientDirective, line: 1, column: 48),
        Case(
            document: "mutation M { addNote(characterId: 1, text: \"t\") { note @deleteRecord { id } } }",
            rule: .clientDirective, line: 1, column: 56),
        Case(
            document: "query A { character(id: 1) { ... @defer(label: 3) { name } } }", rule: .valueType, line: 1,
            column: 48),
    ]

    @Test("every rule is reported at its offending character", arguments: cases)
    func reportsRuleAtItsPosition(_ item: Case) {
        let output = SpecSchema.compile(item.document)
        let match = output.errors.first { $0.rule == item.rule }
        #expect(match != nil, "no \(item.rule) in \(output.errors)")
        #expect(match.map { [$0.line, $0.column] } == [item.line, item.column], "\(output.errors)")
        #expect(match?.file == "Doc.graphql")
        #expect(output.swift.isEmpty)
    }

    @Test func validDocumentsOfTheSpecCompileWithoutErrors() throws {
        let text = """
            query Ok($id: ID!, $show: Boolean = true, $first: Int) @throwOnFieldError {
              character(id: $id) {
                name @include(if: $show)
                status @required(action: LOG)
                species @catch
                notes(first: $first) @connection(key: "Ok_notes", filters: []) { edges { cursor node { id } } }
                ... @defer(label: "later") { origin { id } }
              }
            }
            mutation Del($id: ID!, $connections: [ID!]!) {
              removeNote(id: $id) { removedNoteId @deleteEdge(connections: $connections) @deleteRecord(typeName: "Note") }
            }
            """
        let output = SpecSchema.compile(text)
        #expect(output.errors.isEmpty, "\(output.errors)")
    }

    @Test func aVariableWithADefaultFillsANonNullPosition() {
        let output = SpecSchema.compile("query A($id: ID = \"1\") { character(id: $id) { name } }")
        #expect(output.errors.isEmpty, "\(output.errors)")
    }

    @Test func aSyntaxErrorNamesItsFileLineAndColumn() {
        let output = SpecSchema.compile("query A {\n  character(id: 1) { name ")
        #expect(output.errors.count == 1)
        if case .syntax(_, let file, let line, _)? = output.errors.first {
            #expect(file == "Doc.graphql")
            #expect(line == 2)
        } else {
            Issue.record("expected a syntax error, got \(output.errors)")
        }
    }

    @Test func anArgumentOnALaterLineIsPlacedThere() {
        let output = SpecSchema.compile("query A {\n  character(\n    id: \"1\"\n    idd: 2\n  ) { name }\n}")
        #expect(
            output.errors.map(\.description) == [
                "Doc.graphql:4:5: error: field 'Query.character' has no argument 'idd'"
            ])
    }

    @Test func aVariableUsedInAFragmentIsPlacedInTheFragment() {
        let output = SpecSchema.compile(
            "query A($id: String!) { ...F }\nfragment F on Query { character(id: $id) { name } }")
        #expect(output.errors.map { [$0.line, $0.column] } == [[2, 37]])
        #expect(output.errors.first?.rule == .variableUsage)
    }

    @Test func aFragmentOfAnotherFileIsCheckedWhereItIsWritten() {
        let output = SpecSchema.compiler.compile([
            GraphQLSource(file: "A.graphql", text: "query A { character(id: 1) { ...F } }"),
            GraphQLSource(file: "F.graphql", text: "\n\nfragment F on Character { nope }"),
        ])
        #expect(
            output.errors.map(\.description) == [
                "F.graphql:3:27: error: 'Character' has no field 'nope'; did you mean 'note', 'name', 'notes' or 'type'?"
            ])
    }
}
