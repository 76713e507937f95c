import BatonImage
import BatonLens
import BatonTesting
import Foundation
import Testing

/// Two stores over one image in one process, as an app has when it makes its next store
/// before the last one ended: the second draws what the first fetched, and what either
/// writes is there at the next launch.
@MainActor
struct SharedImageTests {
    @Test func aSecondStoreOverTheImageDrawsWhatTheFirstFetchedAndTheNextLaunchKeepsBoth() async throws {
        let scratch = IntegrationScratch()
        defer { withExtendedLifetime(scratch) {} }

        let firstImage = scratch.openImage()
        let online = ScriptedTransport()
        online.on("Character") { request in
            guard case .string(let id)? = request.variables["id"] else { return .fail(URLError(.badURL)) }
            return .answer(data: ["character": ["id": .string(id), "name": .string("Character \(id)")]])
        }
        let firstStore = Store(normalization: ScreenSchema.normalization, persistence: firstImage)
        let first = CharacterScreenModel(id: "1", environment: GraphQLEnvironment(store: firstStore, transport: online))
        try await first.character.waitUntil(.ready)
        // Reads see what the writer committed, not the batches still queued behind it.
        firstImage.waitForPendingWrites()

        // The first store has not ended: the second open shares its file.
        let secondImage = scratch.openImage()
        let secondStore = Store(normalization: ScreenSchema.normalization, persistence: secondImage)
        let secondEnvironment = GraphQLEnvironment(store: secondStore, transport: online)
        let drawn = CharacterScreenModel(id: "1", environment: secondEnvironment)
        #expect(drawn.title == "Character 1")
        // Each store goes on fetching: every argument's value is a name the file adds.
        let fourth = CharacterScreenModel(
            id: "4", environment: GraphQLEnvironment(store: firstStore, transport: online))
        try await fourth.character.waitUntil(.ready)
        let other = CharacterScreenModel(id: "2", environment: secondEnvironment)
        try await other.character.waitUntil(.ready)

        firstStore.end()
        #expect(firstImage.state == .closed)
        #expect(secondImage.fault == nil)
        #expect(secondImage.state == .open)
        let third = CharacterScreenModel(id: "3", environment: secondEnvironment)
        try await third.character.waitUntil(.ready)
        try secondImage.waitUntilCommitted()
        secondStore.end()

        // The next launch, offline: every character either store fetched.
        let image = scratch.openImage()
        defer { image.close() }
        let offline = GraphQLEnvironment(
            store: Store(normalization: ScreenSchema.normalization, persistence: image), transport: ScriptedTransport())
        for id in ["1", "2", "3", "4"] {
            #expect(CharacterScreenModel(id: id, environment: offline).title == "Character \(id)")
        }
    }
}
