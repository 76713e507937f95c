import Testing
import BatonCompiler

/// Every fragment carries its selection as data (`nonisolated static let selection`), planned alone as
/// its payload is, so the runtime writes a payload through it; a selection holding the same
/// data as a fragment's names that fragment's instead of repeating it.
struct FragmentSelectionTests {
    static let document = """
        query Q { note(id: "1") { ...NoteRow } }
        query Wider { note(id: "2") { ...NoteRow reactions } }
        fragment NoteRow on Note { text ...NoteMood }
        fragment NoteMood on Note { mood }
        fragment NoteRowAgain on Note { ...NoteRow }
        """

    @Test func aFragmentsSelectionHoldsItsFieldsWithItsSpreadsMergedIn() throws {
        let swift = try PayloadTests.compile(Self.document)
        let row = try PayloadTests.body("extension NoteRow: PayloadFragment {", after: "// MARK", in: swift)
        let head = #"nonisolated static let selection = SelectionTemplate("Note", ["#
        let start = try #require(row.firstIndex { $0.contains(head) })
        #expect(
            Array(row[(start + 1)...].prefix(4)) == [
                #"    FieldTemplate("text", type: "String"),"#,
                #"    FieldTemplate("mood", type: "Mood", plainLeaf: true),"#,
                #"    FieldTemplate("id", type: "ID"),"#,
                "  ])",
            ])
    }

    @Test func aSelectionOfTheSameDataAsAFragmentsNamesItsSelection() throws {
        let swift = try PayloadTests.compile(Self.document)
        let query = try PayloadTests.body(
            "enum QQuery: GraphQLOperation, PayloadOperation {", after: "// MARK", in: swift)
        #expect(
            query.contains {
                $0.contains(
                    #"FieldTemplate("note", arguments: [("id", .string("1"))], type: "Note", NoteRow.selection),"#)
            })
        let again = try PayloadTests.body("extension NoteRowAgain: PayloadFragment {", after: "// MARK", in: swift)
        #expect(again.contains { $0.contains("nonisolated static let selection = NoteRow.selection") })
    }

    @Test func aSelectionOfOtherDataIsWrittenOut() throws {
        let swift = try PayloadTests.compile(Self.document)
        let wider = try PayloadTests.body(
            "enum WiderQuery: GraphQLOperation, PayloadOperation {", after: "// MARK", in: swift)
        #expect(!wider.contains { $0.contains(".selection") })
        #expect(wider.contains { $0.contains(#"FieldTemplate("reactions", type: "Int"),"#) })
    }
}
