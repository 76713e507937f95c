import BatonImage
import BatonLens
import BatonTesting
import BatonTransport
import Foundation
import Testing

/// Writes from app code against responses recorded from the local server, through the image:
/// what a write changes re-renders only its readers and is what the next launch reads.
@MainActor
@Suite struct WriteIntegrationTests {
    @Test func aNodeTheAppTakesOutOfAListItDidNotRefetchStaysOutAfterARelaunch() async throws {
        let scratch = IntegrationScratch()
        let (first, data) = try await IntegrationLaunch.fetchingNotes(scratch)
        let notes = try #require(try data.character?.notes)
        let removed = try notes.edges[0].node
        let kept = try notes.edges[1].node
        let views = IntegrationViews()
        views.render("list") { _ = try? data.texts }
        views.render("title") { _ = try? data.character?.name }
        views.render("kept") { _ = try? kept.text }

        // The server deleted the note; the app takes it out of the list and the store.
        try first.environment.write { write in
            try write.removeNode(removed.key, from: [notes.connectionID])
            write.delete(removed.key)
        }

        #expect(views.fired == ["list": 1], "only the view reading the connection re-renders")
        #expect(try data.texts == [IntegrationNotesQuery.texts[1]])
        first.close()

        let (second, relaunched) = IntegrationLaunch.relaunchedNotes(scratch)
        defer { second.close() }
        #expect(relaunched.initialCheck?.source == .image)
        #expect(try relaunched.data?.texts == [IntegrationNotesQuery.texts[1]])
        #expect(second.store.record(removed.key) == nil)
    }
}

extension WriteIntegrationTests {
    @Test func aTypedPayloadLandsAsAResponseWouldAndTheNextLaunchReadsIt() async throws {
        let scratch = IntegrationScratch()
        let first = IntegrationLaunch(
            scratch, normalization: BatonSchema.normalization, transport: SilentTransport())
        let payload = IntegrationFavoriteQuery.Payload(
            character: .init(id: "1", name: "Rick Sanchez", isFavorite: true))

        try first.environment.commit(IntegrationFavoriteQuery.self, variables: .init(id: "1"), payload: payload)

        let handle = QueryHandle(
            IntegrationFavoriteQuery.self, variables: .init(id: "1"), policy: .cacheOnly, in: first.environment)
        #expect(try handle.data?.character?.name == "Rick Sanchez")
        #expect(try handle.data?.character?.isFavorite == true)
        first.close()

        let second = IntegrationLaunch(
            scratch, normalization: BatonSchema.normalization, transport: SilentTransport())
        defer { second.close() }
        let relaunched = QueryHandle(
            IntegrationFavoriteQuery.self, variables: .init(id: "1"), policy: .cacheOnly, in: second.environment)
        #expect(relaunched.initialCheck?.source == .image)
        #expect(try relaunched.data?.character?.isFavorite == true)
    }
}

extension WriteIntegrationTests {
    /// The generated normalization carries no parsed schema, yet a payload written by hand is
    /// checked against the schema the documents read (`BatonSchema.selectedSchema`): a null in
    /// a non-null field is refused at its path and nothing lands, in memory or in the image.
    @Test func aHandWrittenPayloadUnderTheGeneratedNormalizationIsCheckedAgainstTheSelectedSchema() throws {
        let scratch = IntegrationScratch()
        let launch = IntegrationLaunch(scratch, normalization: BatonSchema.normalization, transport: SilentTransport())
        defer { launch.close() }
        #expect(BatonSchema.normalization.schema == nil)
        let character: JSONValue = ["__typename": "Character", "id": "1", "name": "Nobody", "notes": nil]

        #expect {
            try launch.environment.write { write in
                try write.commit(IntegrationNotesQuery.self, variables: ["id": "1"], data: ["character": character])
            }
        } throws: { error in
            guard case WriteError.invalidPayload(let refusal, _) = error else { return false }
            return refusal.kind == .nullInNonNull(type: "NoteConnection!")
                && refusal.path == [.key("character"), .key("notes")]
        }
        #expect(launch.store.record("Character:1") == nil)

        // The same payload with the connection given lands.
        let notes: JSONValue = ["edges": [], "pageInfo": ["endCursor": nil, "hasNextPage": false]]
        try launch.environment.write { write in
            try write.commit(
                IntegrationNotesQuery.self, variables: ["id": "1"],
                data: ["character": ["__typename": "Character", "id": "1", "name": "Somebody", "notes": notes]])
        }
        #expect(launch.store.record("Character:1") != nil)
    }
}
