import BatonImage
import BatonLens
import BatonTesting
import Foundation
import Synchronization
import Testing

/// A launch that fetches and draws nothing from the image (a background refresh, a silent
/// push's fetch) is no launch to the image's ageing: the next launch draws every screen the
/// launch before the refresh drew, with what the refresh fetched.
@MainActor
struct BackgroundRefreshImageTests {
    /// One launch over the scratch's image (`IntegrationLaunch`): `body` with its environment,
    /// then the image closed once its writes are committed.
    private func launch(
        _ scratch: IntegrationScratch, _ transport: any Transport,
        _ body: (GraphQLEnvironment) async throws -> Void
    ) async throws {
        let launch = IntegrationLaunch(scratch, normalization: ScreenSchema.normalization, transport: transport)
        try await body(launch.environment)
        try launch.image.waitUntilCommitted()
        launch.close()
    }

    @Test func aLaunchThatOnlyFetchesLeavesTheScreensTheLaunchBeforeItDrewForTheNext() async throws {
        let scratch = IntegrationScratch()
        defer { withExtendedLifetime(scratch) {} }
        let online = ScriptedTransport()
        let answers = Mutex(0)
        online.on("Character") { request in
            guard case .string(let id)? = request.variables["id"] else { return .fail(URLError(.badURL)) }
            let round = answers.withLock { count in
                count += 1
                return count
            }
            return .answer(data: ["character": ["id": .string(id), "name": .string("Character \(id) #\(round)")]])
        }
        let offline = ScriptedTransport()

        // Launch 1 fetches two screens; launch 2 draws both from the image, offline.
        try await launch(scratch, online) { environment in
            for id in ["1", "2"] {
                try await CharacterScreenModel(id: id, environment: environment).character.waitUntil(.ready)
            }
        }
        try await launch(scratch, offline) { environment in
            #expect(CharacterScreenModel(id: "1", environment: environment).title == "Character 1 #1")
            #expect(CharacterScreenModel(id: "2", environment: environment).title == "Character 2 #2")
        }
        // Launches 3 and 4, in the background, draw nothing from the image: character 1
        // fetched again through a `.networkOnly` handle, then character 2 through `fetch`.
        try await launch(scratch, online) { environment in
            let refresh = QueryHandle(
                CharacterQuery.self, variables: ["id": "1"], policy: .networkOnly, in: environment)
            try await refresh.waitUntil(.ready)
            #expect(refresh.initialCheck == nil)
        }
        try await launch(scratch, online) { environment in
            try await environment.fetch(CharacterQuery.self, variables: ["id": "2"])
        }
        // Launch 5, offline: both screens draw in their first frame, as the refreshes left them.
        try await launch(scratch, offline) { environment in
            let first = CharacterScreenModel(id: "1", environment: environment)
            let second = CharacterScreenModel(id: "2", environment: environment)
            #expect(first.character.initialCheck?.source == .image)
            #expect(first.title == "Character 1 #3")
            #expect(second.character.initialCheck?.source == .image)
            #expect(second.title == "Character 2 #4")
        }
    }
}
