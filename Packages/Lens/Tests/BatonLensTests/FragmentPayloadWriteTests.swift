import Foundation
import Testing
import BatonLens

/// A fragment's typed payload written into a record through the fragment's selection: the
/// same normalization a response goes through, observers of changed fields only, nothing
/// landed when a payload is refused.
@MainActor
struct FragmentPayloadWriteTests {
    let environment = Spec.environment(ScriptedTransport.silent())
    var store: Store { environment.store }

    /// Character 1, Rick Sanchez, loaded by `NameQuery`.
    func loadRick() throws -> NameQuery.Named {
        let data = try load(
            NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick Sanchez"), into: environment)
        return try #require(try data.character)
    }

    func lens<F: Fragment>(_ fragment: F.Type, at key: RecordKey) throws -> F {
        F(ref: RecordRef(record: try #require(store.record(key)), selection: nil, context: environment.lensContext))
    }

    @Test func aNestedObjectLandsInItsOwnRecordAndOnlyTheChangedFieldsObserversAreNotified() throws {
        let rick = try loadRick()
        let card = try lens(CharacterCard.self, at: "Character:1")
        let log = RenderLog()
        render("name", in: log) { _ = try? rick.name }
        render("origin", in: log) { _ = try? card.origin }

        try environment.write(
            CharacterCard.self,
            payload: .init(id: "1", name: .some("Rick Sanchez"), origin: .some(.init(id: "3", name: .some("Citadel")))),
            at: "Character:1")

        #expect(log.fired == ["origin": 1])
        #expect(try card.origin?.name == "Citadel")
        #expect(store.record("Location:3")?.typename == "Location", "the origin is a record of its own")
        #expect(try rick.name == "Rick Sanchez")
    }

    @Test func anEqualPayloadNotifiesNoOne() throws {
        let rick = try loadRick()
        let log = RenderLog()
        render("name", in: log) { _ = try? rick.name }

        try environment.write(
            CharacterCard.self, payload: .init(id: "1", name: .some("Rick Sanchez")), at: "Character:1")

        #expect(log.total == 0)
    }

    @Test func aPayloadLeavingFieldsOutKeepsWhatTheRecordHolds() throws {
        let rick = try loadRick()
        try environment.write(CharacterCard.self, payload: .init(origin: .null), at: "Character:1")
        #expect(try rick.name == "Rick Sanchez")
        #expect(try lens(CharacterCard.self, at: "Character:1").origin == nil)
    }

    @Test func aGeneratedStyleSelectionWritesANoteRowsText() throws {
        try environment.write(NoteRow.self, payload: .init(text: .some("Pickle Rick"), id: "n9"), at: "Note:n9")
        let row = try lens(NoteRow.self, at: "Note:n9")
        #expect(try row.text == "Pickle Rick")
        #expect(store.record("Note:n9")?.typename == "Note", "the write makes a record the store lacked")
    }

    @Test func aMemberTheFragmentDoesNotSelectIsRefusedNamingItAndLandsNothing() throws {
        let rick = try loadRick()
        let log = RenderLog()
        render("name", in: log) { _ = try? rick.name }

        #expect {
            try environment.write { write in
                try write.write(CharacterCard.self, payload: .init(name: .some("Rick Prime")), at: "Character:1")
                try write.write(NicknameCard.self, payload: .init(name: "Tiny Rick"), at: "Character:1")
            }
        } throws: { error in
            guard case WriteError.invalidPayload(let ingest, "NicknameCard") = error else { return false }
            return ingest.kind == .unselectedKey("nickname", nearest: nil)
        }
        #expect(log.total == 0)
        #expect(try rick.name == "Rick Sanchez")
    }

    @Test func aPayloadOfAnotherTypeThanTheRecordIsRefused() throws {
        let rick = try loadRick()
        #expect {
            try environment.write(PlaceCard.self, payload: .init(name: "Earth"), at: "Character:1")
        } throws: { error in
            guard case WriteError.typenameMismatch("Character:1", record: "Character", payload: "Location") = error
            else { return false }
            return "\(error)".contains("a record of type Character")
        }
        #expect(try rick.name == "Rick Sanchez")
    }

    @Test func aPayloadIdentifyingAnotherRecordIsRefused() throws {
        let rick = try loadRick()
        #expect {
            try environment.write(CharacterCard.self, payload: .init(id: "2", name: .some("Morty")), at: "Character:1")
        } throws: { error in
            guard case WriteError.keyMismatch("Character:1", payload: "Character:2") = error else { return false }
            return true
        }
        #expect(try rick.name == "Rick Sanchez")
        #expect(store.record("Character:2") == nil)
    }

    @Test func aFragmentPassingAVariableToAFieldCannotBeWritten() {
        #expect {
            try environment.write(PagedCard.self, payload: .init(), at: "Character:1")
        } throws: { error in
            guard case WriteError.invalidFragment(.variableInFragment("count", field: "notes", fragment: _), _) = error
            else { return false }
            return true
        }
    }
}

/// A fragment whose field takes an operation's variable: it cannot be planned alone.
struct PagedCard: PayloadFragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet {}
    static let fields = Fields()
    let ref: RecordRef

    nonisolated static let selection = SelectionTemplate(
        "Character",
        [
            FieldTemplate(
                "notes", arguments: [("first", .variable("count"))], type: "NoteConnection",
                SelectionTemplate("NoteConnection", [FieldTemplate("totalCount", type: "Int")]))
        ])

    struct Payload: GraphQLInputValue {
        var inputValue: JSONValue { .payload("Character") }
    }
}

extension FragmentPayloadWriteTests {
    @Test func aPayloadTheSchemaRulesOutIsRefusedAndLandsNothing() throws {
        let rick = try loadRick()
        #expect {
            try environment.write(EpisodesCard.self, payload: .init(episodes: nil), at: "Character:1")
        } throws: { error in
            guard case WriteError.invalidPayload(let ingest, "EpisodesCard") = error else { return false }
            return ingest.kind == .nullInNonNull(type: "[Episode]!") && ingest.pathText == "episode"
        }
        #expect(try rick.name == "Rick Sanchez")
        #expect(store.record("Character:1")?.holdsField(untracked: Slot("episode")) == false)
    }
}

/// A character's episodes, a non-null list in the schema, with a payload written by hand that
/// can hold a null there.
struct EpisodesCard: PayloadFragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet {}
    static let fields = Fields()
    let ref: RecordRef

    nonisolated static let selection = SelectionTemplate(
        "Character",
        [FieldTemplate("episode", type: "[Episode]", SelectionTemplate("Episode", [FieldTemplate("id", type: "ID")]))])

    struct Payload: GraphQLInputValue {
        var episodes: [String]?
        var inputValue: JSONValue {
            .payload(
                "Character", [("episode", episodes.map { .array($0.map { .object([("id", .string($0))]) }) } ?? .null)])
        }
    }
}
