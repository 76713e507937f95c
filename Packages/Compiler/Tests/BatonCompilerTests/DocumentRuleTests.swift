import Testing
import BatonCompiler

/// The schema-free rules the document checks itself (unique names, known fragments, no cycles,
/// variables defined) reach the compiler's output in its words, at the file, line and column of
/// the offending token, whichever file of the compile it lies in.
struct DocumentRuleTests {
    @Test func anUnknownFragmentInAnotherFileIsPlacedThereAndSuggestsTheNearestFragment() {
        let output = SpecSchema.compiler.compile([
            GraphQLSource(file: "A.graphql", text: "query A { character(id: 1) { ...Row } }"),
            GraphQLSource(
                file: "F.graphql", text: "\nfragment Row on Character { ...Nmae }\nfragment Name on Character { id }"),
        ])
        #expect(
            output.errors.map(\.description) == [
                "F.graphql:2:29: error: unknown fragment 'Nmae'; did you mean 'Name'?"
            ])
        #expect(output.errors.first?.rule == .fragmentSpreadTarget)
    }

    @Test func aFragmentCycleAcrossFilesIsReportedOnceAtTheSpreadThatClosesIt() {
        let output = SpecSchema.compiler.compile([
            GraphQLSource(
                file: "A.graphql", text: "query A { character(id: 1) { ...F } }\nfragment F on Character { ...G }"),
            GraphQLSource(file: "G.graphql", text: "\n\nfragment G on Character { id ...F }"),
        ])
        #expect(
            output.errors.map(\.description) == [
                "G.graphql:3:30: error: fragment 'F' spreads itself: F → G → F"
            ])
        #expect(output.errors.first?.rule == .fragmentCycle)
    }

    @Test func anUndefinedVariableInAFragmentOfAnotherFileIsPlacedAtTheVariable() {
        let output = SpecSchema.compiler.compile([
            GraphQLSource(file: "A.graphql", text: "query A { ...F }"),
            GraphQLSource(
                file: "F.graphql",
                text: "fragment F on Query {\n  character(id: 1) { name }\n  other: character(id: $id) { name }\n}"),
        ])
        #expect(
            output.errors.map(\.description) == [
                "F.graphql:3:24: error: variable '$id' is not defined by operation 'A'"
            ])
        #expect(output.errors.first?.rule == .variableDefined)
    }

    @Test func anUndefinedVariableInAListIsPlacedAtTheVariable() {
        let output = SpecSchema.compile(
            "mutation M { removeNote(id: 1) { removedNoteId @deleteEdge(connections: [\"c\", $more]) } }")
        #expect(
            output.errors.map(\.description) == [
                "Doc.graphql:1:79: error: variable '$more' is not defined by operation 'M'"
            ])
    }

    @Test func aVariableUsedOnlyAtAnUnknownFieldIsUsedButUndefinedOnesThereAreStillFound() {
        let output = SpecSchema.compile("query A($id: ID!) { nope(id: $id, other: $other) }")
        #expect(output.errors.map(\.rule) == [.fieldExists, .variableDefined])
        #expect(output.errors.last?.message == "variable '$other' is not defined by operation 'A'")
    }

    @Test func anAnonymousOperationAmongOthersIsReportedOnceForItsMissingName() {
        let output = SpecSchema.compile("{ tokenizer { id } }\nquery B { tokenizer { id } }")
        #expect(
            output.errors.map(\.description) == [
                "Doc.graphql:1:1: error: an operation needs a name: its Swift type is named for it"
            ])
    }
}
