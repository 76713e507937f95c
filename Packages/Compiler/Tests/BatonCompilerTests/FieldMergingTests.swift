import Testing
import BatonCompiler

/// §5.3.2 through fragments: selections that would meet on one object must agree.
struct FieldMergingTests {
    @Test func aSpreadFragmentThatReusesAResponseKeyForAnotherFieldIsReportedInTheFragment() {
        let output = SpecSchema.compile(
            "query A { character(id: 1) { label: name ...F } }\nfragment F on Character { label: status }")
        #expect(output.errors.map { [$0.line, $0.column] } == [[2, 27]])
        #expect(output.errors.first?.rule == .fieldMerging)
    }

    @Test func selectionsOnDifferentObjectTypesMayShareAResponseKey() {
        let output = SpecSchema.compile(
            "query A { search(name: \"x\") { ... on Character { label: name } ... on Location { label: dimension } } }")
        #expect(output.errors.isEmpty, "\(output.errors)")
    }
}
