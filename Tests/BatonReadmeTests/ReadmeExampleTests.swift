import BatonLens
import BatonTesting
import Foundation
import Testing

/// The README's examples, over its own `Character.graphql` compiled by the plugin (the file is
/// the README's block, which `make lint` checks): what a new user copies must build and do
/// what the README says.
@MainActor
struct ReadmeExampleTests {
    let normalization = BatonSchema.normalization

    /// "Queries".
    @Test func theQueriesExampleReadsTheCharacterAndItsNotes() async throws {
        let environment = try GraphQLEnvironment.preview(normalization) { seed in
            try seed.response(
                CharacterQuery.self, variables: .init(id: "1"),
                body: Data(
                    #"{"data":{"character":{"id":"1","name":"Rick","status":"Alive","notes":{"edges":[{"cursor":"c1","node":{"id":"n1","text":"Pickle"}}],"pageInfo":{"endCursor":"c1","hasNextPage":false}}}}}"#
                        .utf8))
        }
        let handle = QueryHandle(
            CharacterQuery.self, variables: .init(id: "1"), policy: .cacheAndNetwork, in: environment)
        var read: (String?, [String])?
        if let character = try handle.data?.character {
            let name = try character.characterRow.name
            let notes = try character.notes.edges.map { try $0.node.text }
            read = (name, notes)
        }
        #expect(read?.0 == "Rick")
        #expect(read?.1 == ["Pickle"])
    }

    /// "Driving a test step by step".
    @Test func aCharacterShowsOnceAnswered() async throws {
        let (transport, query) = Self.characterOverAScript()
        try await transport.next(named: "Character").answer(data: [
            "character": [
                "id": "1", "name": "Rick", "status": "Alive",
                "notes": ["edges": [], "pageInfo": ["endCursor": nil, "hasNextPage": false]],
            ]
        ])
        try await query.waitUntil(.ready)
        #expect(try query.data?.character?.characterRow.name == "Rick")
        #expect(transport.requests.first?.variables == ["id": "1"])
        try await transport.expectNothingHeld()
    }

    /// "Driving a test step by step": an answer that leaves a selected field out fails the
    /// fetch, naming the field.
    @Test func anAnswerMissingASelectedFieldFailsTheFetchNamingIt() async throws {
        let (transport, query) = Self.characterOverAScript()
        try await transport.next(named: "Character").answer(data: ["character": ["id": "1", "name": "Rick"]])
        try await query.waitUntil(.failed(.malformedResponse))
        #expect(query.error.map { "\($0)" } == "Character: missing field status at character")
        try await transport.expectNothingHeld()
    }

    /// "Driving a test step by step": a mock answers for the fields a test leaves out.
    @Test func aMockAnswersTheFieldsTheTestLeavesOut() async throws {
        let mocks = try MockBuilder(schema: BatonSchema.selectedSchema, normalization: BatonSchema.normalization)
        let (transport, query) = Self.characterOverAScript()
        try await transport.next(named: "Character").answer(
            Data(
                mocks.response(
                    CharacterQuery.self, variables: .init(id: "1"),
                    payload: .init(character: .init(id: "1", name: "Rick")))))
        try await query.waitUntil(.ready)
        #expect(try query.data?.character?.characterRow.name == "Rick")
        #expect(try query.data?.character?.characterRow.status == nil, "a nullable field the payload leaves out")
        try await transport.expectNothingHeld()
    }

    /// "Pagination": the next page, by the connection's own `first` and `after`.
    @Test func loadNextAsksForThePageAfterTheEndCursor() async throws {
        let (transport, handle) = Self.characterOverAScript()
        try await transport.next(named: "Character").answer(data: Self.character(notes: ["Pickle"], endCursor: "c1"))
        try await handle.waitUntil(.ready)

        let paging = Task { await handle.loadNext(2) }
        let page = try await transport.next(named: "Character")
        #expect(page.request.variables == ["id": "1", "count": 2, "cursor": "c1"])
        try page.answer(data: Self.character(notes: ["Rick"], endCursor: "c2", hasNextPage: false))
        await paging.value
        let more = handle.hasNextPage
        #expect(!more)
        #expect(try handle.data?.character?.notes.edges.map { try $0.node.text } == ["Pickle", "Rick"])
        try await transport.expectNothingHeld()
    }

    /// "Mutations": the optimistic response shows at once, the server's answer replaces it.
    @Test func aMutationShowsItsOptimisticResponseThenTheAnswer() async throws {
        let transport = ScriptedTransport()
        let environment = GraphQLEnvironment(
            store: Store(normalization: BatonSchema.normalization), transport: transport)
        let edit = MutationHandle(EditNoteMutation.self, in: environment)
        let performing = Task {
            let result = try await edit.perform(
                variables: .init(id: "note-1", text: "Pickle Rick"),
                optimisticResponse: .init(editNote: .init(id: "note-1", text: "Pickle Rick")))
            return try result.editNote?.text
        }
        let request = try await transport.next(named: "EditNote")
        #expect(environment.store.record("Note:note-1") != nil, "the optimistic response was not applied")
        try request.answer(data: ["editNote": ["id": "note-1", "text": "Pickle Rick!"]])
        #expect(try await performing.value == "Pickle Rick!")
        try await transport.expectNothingHeld()
    }

    /// "Subscriptions": each event is committed as it arrives and read through `data`.
    @Test func aSubscriptionCommitsEachEventAsItArrives() async throws {
        let transport = ScriptedTransport()
        let environment = GraphQLEnvironment(
            store: Store(normalization: BatonSchema.normalization), transport: transport)
        let added = SubscriptionHandle(NoteAddedSubscription.self, variables: .init(characterId: "1"), in: environment)
        added.start()
        let stream = try await transport.nextStream(named: "NoteAdded")
        #expect(stream.request.variables == ["characterId": "1"])
        try stream.send(data: ["noteAdded": ["id": "note-9", "text": "Get schwifty"]])
        try await added.waitUntil(eventCount: 1)
        #expect(try added.data?.noteAdded?.text == "Get schwifty")
        added.stop()
        try await transport.expectNothingHeld()
    }

    /// The README's query for character 1 over a scripted transport, as its test example makes it.
    static func characterOverAScript() -> (ScriptedTransport, QueryHandle<CharacterQuery>) {
        let transport = ScriptedTransport()
        let environment = GraphQLEnvironment(
            store: Store(normalization: BatonSchema.normalization), transport: transport)
        return (transport, QueryHandle(CharacterQuery.self, variables: .init(id: "1"), in: environment))
    }

    static func character(notes: [String], endCursor: String, hasNextPage: Bool = true) -> JSONValue {
        let edges: [JSONValue] = notes.map { text in
            ["cursor": .string("cursor-\(text)"), "node": ["id": .string("note-\(text)"), "text": .string(text)]]
        }
        return [
            "character": [
                "id": "1", "name": "Rick", "status": "Alive",
                "notes": [
                    "edges": .array(edges),
                    "pageInfo": ["endCursor": .string(endCursor), "hasNextPage": .bool(hasNextPage)],
                ],
            ]
        ]
    }

    /// "Mocks".
    @Test func aMockFillsWhatThePayloadLeavesOut() async throws {
        let mocks = try MockBuilder(schema: BatonSchema.selectedSchema, normalization: BatonSchema.normalization)
        let body = try mocks.response(
            CharacterQuery.self, variables: .init(id: "1"),
            payload: .init(character: .init(id: "1", name: "Rick")))
        let data = try mocks.data(CharacterRow.self)
        #expect(String(decoding: body, as: UTF8.self).hasPrefix(#"{"data":"#))
        #expect(data != .null)
    }
}
