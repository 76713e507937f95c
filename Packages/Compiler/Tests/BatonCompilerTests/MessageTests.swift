import Testing
import BatonCompiler

/// What a first app hits: messages that say where the other definition is, what was meant,
/// and what to write instead.
struct MessageTests {
    @Test func aDuplicateOperationNameSaysWhereTheFirstOneIs() {
        let output = SpecSchema.compiler.compile([
            GraphQLSource(file: "A.graphql", text: "\n  query A { tokenizer { id } }"),
            GraphQLSource(file: "B.graphql", text: "query B { tokenizer { id } }\nquery A { tokenizer { id } }"),
        ])
        #expect(
            output.errors.map(\.description) == [
                "B.graphql:2:1: error: there is already an operation named 'A', at A.graphql:2:3"
            ])
    }

    @Test func aDuplicateFragmentNameSaysWhereTheFirstOneIs() {
        let output = SpecSchema.compiler.compile([
            GraphQLSource(
                file: "A.graphql", text: "query A { character(id: 1) { ...F } }\nfragment F on Character { id }"),
            GraphQLSource(file: "B.graphql", text: "\n\nfragment F on Character { name }"),
        ])
        #expect(
            output.errors.map(\.description) == [
                "B.graphql:3:1: error: there is already a fragment named 'F', at A.graphql:2:1"
            ])
    }

    @Test func anUnknownFieldSuggestsTheNearestFieldOfItsType() {
        #expect(
            SpecSchema.compile("query A { character(id: 1) { nam } }").errors.map(\.description) == [
                "Doc.graphql:1:30: error: 'Character' has no field 'nam'; did you mean 'name'?"
            ])
    }

    @Test func anUnknownFieldSuggestsSeveralNamesBestFirst() {
        #expect(
            SpecSchema.compile("query A { character(id: 1) { notess } }").errors.map(\.description) == [
                "Doc.graphql:1:30: error: 'Character' has no field 'notess'; did you mean 'notes' or 'note'?"
            ])
        // A case-only difference is the nearest of all; nothing within reach suggests nothing.
        #expect(
            SpecSchema.compile("query A { character(id: 1) { Status xyzzyq } }").errors.map(\.description) == [
                "Doc.graphql:1:30: error: 'Character' has no field 'Status'; did you mean 'status'?",
                "Doc.graphql:1:37: error: 'Character' has no field 'xyzzyq'",
            ])
    }

    @Test func aDeleteRecordOnAnIDThatIsNotItsTypesKeyNeedsTypeNameAndSaysSo() {
        let output = SpecSchema.compile(
            "mutation D($id: ID!) {\n  removeNote(id: $id) { removedNoteId @deleteRecord }\n}")
        #expect(
            output.errors.map(\.description) == [
                "Doc.graphql:2:39: error: '@deleteRecord' on 'removedNoteId' deletes nothing without 'typeName:': records are keyed 'Type:id', and 'removedNoteId' is not the key field of an object type it is selected on ('RemoveNotePayload'); write '@deleteRecord(typeName: \"Note\")'"
            ])
        #expect(output.errors.first?.rule == .clientDirective)
    }

    @Test func aDeleteRecordOnTheKeyFieldOfAnObjectTypeDeletesThatTypesRecord() {
        let output = SpecSchema.compile(
            "mutation D($c: ID!) { addNote(characterId: $c, text: \"t\") { note { id @deleteRecord text } } }")
        #expect(output.errors.isEmpty, "\(output.errors)")
        #expect(output.swift.contains("deletion: DeletionTemplate(typeName: \"Note\")"))
    }
}
