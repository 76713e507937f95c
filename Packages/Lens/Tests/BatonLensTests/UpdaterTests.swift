import Foundation
import Testing
import BatonLens

/// `addNote` with its new node appended to the connections named by `$connections`.
enum AddNoteMutation: GraphQLOperation {
    static let document = """
        mutation TestAddNote($characterId: ID!, $text: String!, $connections: [ID!]!) {
          addNote(characterId: $characterId, text: $text) {
            note @appendNode(connections: $connections, edgeTypeName: "NoteEdge") { id text }
          }
        }
        """
    struct Data: Fragment {
        static let typeCondition = "Mutation"
        struct Fields: FieldSet { let addNote = Linked<Payload?>("addNote", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Payload: Fragment {
        static let typeCondition = "AddNotePayload"
        struct Fields: FieldSet { let note = Linked<NotesQuery.Note?>("note") }
        static let fields = Fields()
        let ref: RecordRef
    }

    static let answer = Foundation.Data(
        #"{"data":{"addNote":{"note":{"__typename":"Note","id":"n3","text":"Get Schwifty"}}}}"#.utf8)
}

/// Optimistic updaters run in the mutation's layer; the updater given the answer lands in the
/// answer's commit.
@MainActor
struct UpdaterTests {
    let transport = GatedTransport()
    let environment: GraphQLEnvironment
    let notes: NotesQuery.Notes

    init() throws {
        environment = Spec.environment(transport)
        let data = try load(
            NotesQuery.self, variables: ["id": "1"], response: String(decoding: NotesQuery.firstPage, as: UTF8.self),
            into: environment)
        notes = try #require(try data.character?.notes)
    }

    func texts() throws -> [String?] { try notes.edges.map { try $0.node?.text } }

    func addNote(
        _ mutation: MutationHandle<AddNoteMutation>, optimisticUpdate: ((inout StoreWrite) throws -> Void)? = nil,
        update: ((inout StoreWrite, AddNoteMutation.Data) throws -> Void)? = nil
    ) -> Task<AddNoteMutation.Data, any Error> {
        let variables: [String: JSONValue] = [
            "characterId": "1", "text": "Get Schwifty", "connections": [.string(notes.connectionID)],
        ]
        return Task {
            try await mutation.perform(variables: variables, optimisticUpdate: optimisticUpdate, update: update)
        }
    }

    @Test func anOptimisticEdgeThatTheAnswerAlsoInsertsReRendersNothingOnLanding() async throws {
        let connection = notes.connectionID
        let task = addNote(MutationHandle(AddNoteMutation.self, in: environment)) { write in
            var seed = ChangeSet()
            seed.write(.string("Note"), to: .typename, of: "Note:n3")
            seed.write(.string("Get Schwifty"), to: Slot("text"), of: "Note:n3")
            write.append(seed)
            try write.insertNode("Note:n3", into: [connection], edgeTypeName: "NoteEdge")
        }
        #expect(await eventually { transport.waiting == 1 })
        #expect(try texts() == ["Wubba lubba dub dub", "Portal gun needs charging", "Get Schwifty"])
        let log = RenderLog()
        render("edges", in: log) { _ = try? notes.edges.count }
        render("texts", in: log) { _ = try? texts() }

        transport.answer(.success(AddNoteMutation.answer))
        _ = try await task.value

        #expect(log.total == 0)
        #expect(environment.store.optimisticLayers.isEmpty)
        #expect(try texts() == ["Wubba lubba dub dub", "Portal gun needs charging", "Get Schwifty"])
    }

    @Test func aFailedMutationTakesItsOptimisticUpdateAway() async throws {
        let connection = notes.connectionID
        let task = addNote(MutationHandle(AddNoteMutation.self, in: environment)) { write in
            try write.removeNode("Note:n1", from: [connection])
        }
        #expect(await eventually { transport.waiting == 1 })
        #expect(try texts() == ["Portal gun needs charging"])

        transport.answer(.failure(URLError(.notConnectedToInternet)))
        await #expect(throws: OperationError.self) { try await task.value }

        #expect(try texts() == ["Wubba lubba dub dub", "Portal gun needs charging"])
        #expect(environment.store.optimisticLayers.isEmpty)
    }

    @Test func anOptimisticUpdaterThatThrowsSendsNothingAndAppliesNothing() async throws {
        let connection = notes.connectionID
        let mutation = MutationHandle(AddNoteMutation.self, in: environment)
        let task = addNote(mutation) { write in
            try write.removeNode("Note:n1", from: [connection])
            try write.removeNode("Note:n2", from: ["client:nowhere"])
        }
        await #expect {
            try await task.value
        } throws: { error in
            guard case .refused(.updaterFailed(let reason, "TestAddNote", optimistic: true))? = error as? OperationError
            else { return false }
            return reason.contains("client:nowhere")
        }
        #expect(transport.waiting == 0)
        #expect(mutation.error?.kind == .updaterFailed)
        #expect(environment.store.optimisticLayers.isEmpty)
        #expect(try texts() == ["Wubba lubba dub dub", "Portal gun needs charging"])
    }

    @Test func theAnswersUpdaterReadsTheAnswerAndLandsInItsCommit() async throws {
        let connection = notes.connectionID
        let mutation = MutationHandle(AddNoteMutation.self, in: environment)
        let task = addNote(
            mutation,
            update: { write, data in
                let note = try #require(try data.addNote?.note)
                #expect(try note.text == "Get Schwifty")
                try write.update(NoteRow.self, at: note.key) { try $0.set(\.text, to: "Get Schwifty!") }
                try write.removeNode("Note:n1", from: [connection])
            })
        #expect(await eventually { transport.waiting == 1 })
        let log = RenderLog()
        render("edges", in: log) { _ = try? notes.edges.count }

        transport.answer(.success(AddNoteMutation.answer))
        _ = try await task.value

        #expect(log.fired == ["edges": 1], "the answer's edge and the updater's removal land as one commit")
        #expect(try texts() == ["Portal gun needs charging", "Get Schwifty!"])
    }

    @Test func anAnswersUpdaterThatThrowsLetsTheAnswerLandAndSaysSo() async throws {
        let mutation = MutationHandle(AddNoteMutation.self, in: environment)
        let task = addNote(
            mutation,
            update: { write, _ in
                try write.removeNode("Note:n1", from: ["client:nowhere"])
            })
        #expect(await eventually { transport.waiting == 1 })
        transport.answer(.success(AddNoteMutation.answer))
        await #expect {
            try await task.value
        } throws: { error in
            guard case .refused(.updaterFailed(_, "TestAddNote", optimistic: false))? = error as? OperationError else {
                return false
            }
            return "\(error)".contains("updater threw")
        }
        #expect(try texts() == ["Wubba lubba dub dub", "Portal gun needs charging", "Get Schwifty"])
    }
}
