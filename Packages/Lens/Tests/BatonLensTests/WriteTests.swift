import Foundation
import Testing
import BatonLens

/// Writes from app code: one commit per `write`, observers of changed fields only, nothing
/// landed when a write is refused.
@MainActor
struct WriteTests {
    let environment = Spec.environment(ScriptedTransport.silent())
    var store: Store { environment.store }

    /// Character 1 with its first page of notes (n1, n2) in the store.
    func loadNotes() throws -> NotesQuery.Character {
        let data = try load(
            NotesQuery.self, variables: ["id": "1"], response: String(decoding: NotesQuery.firstPage, as: UTF8.self),
            into: environment)
        return try #require(try data.character)
    }

    func note(_ id: String) -> RecordKey { RecordKey("Note:\(id)") }

    /// Commits the places Earth (`Location:1`) and the Citadel (`Location:3`), and `cells` of
    /// character 1.
    func seedPlaces(_ cells: [(Slot, Value)]) {
        var seed = ChangeSet()
        for (slot, value) in cells { seed.write(value, to: slot, of: "Character:1") }
        seed.write(.string("Earth"), to: Slot("name"), of: "Location:1")
        seed.write(.string("Citadel"), to: Slot("name"), of: "Location:3")
        store.commit(seed)
    }

    /// A lens made by hand over the record `key`.
    func lens<F: Fragment>(_ fragment: F.Type, at key: RecordKey) throws -> F {
        F(ref: RecordRef(record: try #require(store.record(key)), selection: nil, context: environment.lensContext))
    }

    @Test func settingOneFieldNotifiesExactlyThatFieldsObservers() throws {
        let character = try loadNotes()
        let first = try #require(try character.notes.edges.first?.node)
        let log = RenderLog()
        render("text", in: log) { _ = try? first.text }
        render("name", in: log) { _ = try? character.name }
        render("edges", in: log) { _ = try? character.notes.edges.count }

        try environment.update(NoteRow.self, at: first.key) { try $0.set(\.text, to: "Pickle Rick") }

        #expect(log.fired == ["text": 1])
        #expect(try first.text == "Pickle Rick")
    }

    @Test func settingAnEqualValueNotifiesNoOne() throws {
        let character = try loadNotes()
        let first = try #require(try character.notes.edges.first?.node)
        let log = RenderLog()
        render("text", in: log) { _ = try? first.text }

        try environment.update(NoteRow.self, at: first.key) { try $0.set(\.text, to: try first.text) }

        #expect(log.total == 0)
    }

    @Test func everythingSetInOneWriteLandsTogetherAndEachFieldNotifiesOnce() throws {
        let character = try loadNotes()
        let edges = try character.notes.edges
        let (first, second) = (try #require(try edges[0].node), try #require(try edges[1].node))
        let log = RenderLog()
        render("first", in: log) { _ = try? first.text }
        render("second", in: log) { _ = try? second.text }

        try environment.write { write in
            try write.update(NoteRow.self, at: first.key) { note in
                try note.set(\.text, to: "one")
                try note.set(\.text, to: "two")
                #expect(try note.text == "two", "a read in the update sees what it set")
            }
            try write.update(NoteRow.self, at: second.key) { try $0.set(\.text, to: nil) }
            #expect(try first.text == "Wubba lubba dub dub", "nothing lands before the write returns")
        }

        #expect(log.fired == ["first": 1, "second": 1])
        #expect(try first.text == "two")
        #expect(try second.text == nil)
    }

    @Test func aWriteThatThrowsLandsNothing() throws {
        struct Abandoned: Error {}
        let character = try loadNotes()
        let first = try #require(try character.notes.edges.first?.node)
        let log = RenderLog()
        render("text", in: log) { _ = try? first.text }

        #expect(throws: Abandoned.self) {
            try environment.write { write in
                try write.update(NoteRow.self, at: first.key) { try $0.set(\.text, to: "lost") }
                throw Abandoned()
            }
        }

        #expect(log.total == 0)
        #expect(try first.text == "Wubba lubba dub dub")
    }

    @Test func aFieldWithArgumentsIsSetThroughALensNotByKey() throws {
        let loaded = try loadNotes()
        let notes = try loaded.notes
        let character = CharacterRow(ref: loaded.ref)

        #expect {
            try environment.update(CharacterRow.self, at: character.key) { try $0.set(\.notes, to: notes) }
        } throws: { error in
            guard case WriteError.needsSelection("notes", let record) = error else { return false }
            return record == character.key && "\(error)".contains("takes arguments")
        }
        try environment.update(character) { try $0.set(\.name, to: "Rick Prime") }
        #expect(try character.name == "Rick Prime")
    }

    @Test func settingALinkWritesItsTargetsKeyAndAListTheirKeysInOrder() throws {
        seedPlaces([(Slot("name"), .string("Rick Sanchez"))])
        let earth = try lens(PlaceRow.self, at: "Location:1")

        try environment.update(CharacterRow.self, at: "Character:1") { character in
            try character.set(\.origin, to: earth)
            try character.set(\.episodes, toKeys: ["Location:3", "Location:1"])
            #expect(try character.origin?.name == "Earth")
        }

        let rick = try #require(store.record("Character:1"))
        #expect(rick[untracked: Slot("origin")] == .link("Location:1"))
        #expect(rick[untracked: Slot("episode")] == .list([.link("Location:3"), .link("Location:1")]))
        try environment.update(CharacterRow.self, at: "Character:1") { try $0.set(\.origin, toKey: nil) }
        #expect(rick[untracked: Slot("origin")] == .null)
    }

    @Test func updatingARecordTheStoreDoesNotHoldThrowsNoRecord() {
        #expect {
            try environment.update(NoteRow.self, at: "Note:nowhere") { try $0.set(\.text, to: "x") }
        } throws: { error in
            guard case WriteError.noRecord("Note:nowhere") = error else { return false }
            return true
        }
        #expect(store.record("Note:nowhere") == nil)
    }

    // MARK: Connections and records

    @Test func removingANodeFromAConnectionNotifiesOnlyItsReaders() throws {
        let character = try loadNotes()
        let notes = try character.notes
        let second = try #require(try notes.edges[1].node)
        let log = RenderLog()
        render("edges", in: log) { _ = try? notes.edges.count }
        render("text", in: log) { _ = try? second.text }
        render("name", in: log) { _ = try? character.name }

        try environment.write { try $0.removeNode(note("n1"), from: [notes.connectionID]) }

        #expect(log.fired == ["edges": 1])
        #expect(try notes.edges.map { try $0.node?.text } == ["Portal gun needs charging"])
        #expect(store.record(note("n1")) != nil, "the node's record stays")
    }

    @Test func insertingANodeAtEitherEndMakesItsEdge() throws {
        let notes = try loadNotes().notes
        var seed = ChangeSet()
        seed.write(.string("Note"), to: .typename, of: note("n9"))
        seed.write(.string("Get Schwifty"), to: Slot("text"), of: note("n9"))
        seed.write(.string("Note"), to: .typename, of: note("n0"))
        seed.write(.string("Pickle Rick"), to: Slot("text"), of: note("n0"))
        store.commit(seed)

        try environment.write { write in
            try write.insertNode(note("n9"), into: [notes.connectionID], at: .end, edgeTypeName: "NoteEdge")
            try write.insertNode(note("n0"), into: [notes.connectionID], at: .start, edgeTypeName: "NoteEdge")
            try write.insertNode(note("n1"), into: [notes.connectionID], at: .end, edgeTypeName: "NoteEdge")
        }

        #expect(
            try notes.edges.map { try $0.node?.text } == [
                "Pickle Rick", "Wubba lubba dub dub", "Portal gun needs charging", "Get Schwifty",
            ])
        let edge = try #require(try notes.edges.last)
        #expect(edge.ref.record[untracked: .typename] == .string("NoteEdge"))
        #expect(edge.ref.record[untracked: Slot("cursor")] == .null)
    }

    @Test func anUnknownConnectionOrNodeThrowsAndLandsNothing() throws {
        let notes = try loadNotes().notes
        let log = RenderLog()
        render("edges", in: log) { _ = try? notes.edges.count }

        #expect {
            try environment.write { write in
                try write.removeNode(note("n1"), from: [notes.connectionID])
                try write.removeNode(note("n2"), from: ["client:nowhere"])
            }
        } throws: { error in
            guard case WriteError.noConnection("client:nowhere") = error else { return false }
            return true
        }
        #expect {
            try environment.write {
                try $0.insertNode(note("n42"), into: [notes.connectionID], edgeTypeName: "NoteEdge")
            }
        } throws: { error in
            guard case WriteError.noRecord(let key) = error else { return false }
            return key == note("n42")
        }
        #expect(log.total == 0)
        #expect(try notes.edges.count == 2)
    }

    @Test func deletingARecordDropsItFromTheListsReadingIt() throws {
        seedPlaces([(Slot("episode"), .list([.link("Location:1"), .link("Location:3")]))])
        let rick = try lens(CharacterRow.self, at: "Character:1")
        let log = RenderLog()
        render("episodes", in: log) { _ = try? rick.episodes.count }

        try environment.write { $0.delete("Location:1") }

        #expect(log.fired == ["episodes": 1])
        #expect(try rick.episodes.map { try $0.name } == ["Citadel"])
        #expect(store.record("Location:1") == nil)
    }

    // MARK: Payloads

    @Test func aTypedPayloadLandsThroughTheOperationsPlan() throws {
        let data = try load(
            NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick Sanchez"), into: environment)
        let character = try #require(try data.character)
        let log = RenderLog()
        render("name", in: log) { _ = try? character.name }

        try environment.commit(
            NameQuery.self, variables: ["id": "1"], payload: .init(character: .some(.init(id: "1", name: "Rick Prime")))
        )
        try environment.commit(
            NameQuery.self, variables: ["id": "1"], payload: .init(character: .some(.init(id: "1", name: "Rick Prime")))
        )

        #expect(log.fired == ["name": 1], "the second, equal payload notifies no one")
        #expect(try character.name == "Rick Prime")
    }

    @Test func aPayloadThatLeavesAFieldOutKeepsWhatTheStoreHolds() throws {
        let data = try load(
            NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick Sanchez"), into: environment)
        try environment.commit(NameQuery.self, variables: ["id": "1"], payload: .init(character: .some(.init(id: "1"))))
        #expect(try data.character?.name == "Rick Sanchez")
    }

    @Test func aPayloadValueOfTheWrongTypeIsRefusedNamingItsPathAndLandsNothing() throws {
        let data = try load(
            NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick Sanchez"), into: environment)
        let log = RenderLog()
        render("name", in: log) { _ = try? data.character?.name }

        #expect {
            try environment.write { write in
                try write.commit(
                    NameQuery.self, variables: ["id": "1"],
                    payload: .init(character: .some(.init(id: "1", name: "Rick Prime"))))
                try write.commit(
                    NameQuery.self, variables: ["id": "1"], data: ["character": ["id": "1", "name": ["first": "Rick"]]])
            }
        } throws: { error in
            guard case WriteError.invalidPayload(let ingest, "NameQuery") = error else { return false }
            return ingest.pathText.contains("character") && "\(error)".contains("invalid payload")
        }
        #expect {
            try environment.write {
                try $0.commit(NameQuery.self, variables: ["id": "1"], data: ["character": ["id": "1", "nmae": "Rick"]])
            }
        } throws: { error in
            guard case WriteError.invalidPayload(let ingest, _) = error else { return false }
            return ingest.kind == .unselectedKey("nmae", nearest: "name")
        }
        #expect(log.total == 0)
        #expect(try data.character?.name == "Rick Sanchez")
    }

    @Test func aPayloadForAnOperationThatDoesNotBuildIsRefused() {
        #expect {
            try environment.commit(NameQuery.self, variables: [:], payload: .init(character: .null))
        } throws: { error in
            guard case WriteError.invalidOperation = error else { return false }
            return true
        }
    }

    @Test func anEndedEnvironmentRefusesWrites() {
        environment.end()
        #expect {
            try environment.write { $0.delete("Location:1") }
        } throws: { error in
            guard case WriteError.ended = error else { return false }
            return true
        }
    }
}
