import Testing
import BatonNormalize
import BatonRecords

/// `@deleteRecord` without `typeName:` names a record only when the id is the key field of the
/// object type it is selected on; anywhere else it would delete the key `n1`, which cannot
/// exist (records are keyed `Type:id`), so planning refuses it and says what to write.
@Suite struct PlanDeleteRecordTests {
    static let normalization = Normalization(schema: PlanTests.schema)

    @Test func aDeleteRecordOnAnIDWithoutTypeNameFailsToPlanWithTheFix() throws {
        let text = "mutation D($id: ID!) {\n  removeNote(id: $id) { removedNoteId @deleteRecord }\n}"
        let error = try #require(throws: PlanError.self) {
            _ = try OperationPlan(text, variables: ["id": "n1"], normalization: Self.normalization)
        }
        #expect(
            error
                == .deleteRecordWithoutType(
                    field: "removedNoteId", selectedOn: "RemoveNotePayload", suggestion: "Note",
                    location: SourceLocation(line: 2, column: 39)))
        #expect(
            error.description
                == #"2:39: @deleteRecord on removedNoteId deletes nothing without typeName: records are keyed Type:id, and removedNoteId is not the key field of an object type it is selected on (RemoveNotePayload); write @deleteRecord(typeName: "Note")"#
        )
    }

    @Test func aDeleteRecordWithoutASchemaNeedsTypeName() throws {
        let text = #"mutation { removeNote(id: "n1") { removedNoteId @deleteRecord } }"#
        let error = try #require(throws: PlanError.self) { _ = try OperationPlan(text) }
        #expect(
            error
                == .deleteRecordWithoutType(
                    field: "removedNoteId", selectedOn: nil, suggestion: nil,
                    location: SourceLocation(line: 1, column: 49)))
        let plan = try OperationPlan(
            #"mutation { removeNote(id: "n1") { removedNoteId @deleteRecord(typeName: "Note") } }"#)
        let changes = try Ingest().ingest(
            Array(#"{"data":{"removeNote":{"__typename":"RemoveNotePayload","removedNoteId":"n1"}}}"#.utf8), plan: plan
        ).changes
        #expect(changes.deletions == [RecordKey(type: "Note", id: "n1")])
    }

    @Test func aDeleteRecordOnTheKeyFieldOfAnObjectTypeDeletesARecordOfThatType() throws {
        let text = #"mutation { addNote(characterId: "1", text: "t") { note { id @deleteRecord } } }"#
        let plan = try OperationPlan(text, normalization: Self.normalization)
        let changes = try Ingest().ingest(Array(#"{"data":{"addNote":{"note":{"id":"n1"}}}}"#.utf8), plan: plan).changes
        #expect(changes.deletions == [RecordKey(type: "Note", id: "n1")])
    }
}
