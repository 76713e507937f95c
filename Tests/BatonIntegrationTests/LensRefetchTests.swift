import BatonImage
import BatonLens
import BatonTesting
import BatonTransport
import Foundation
import Testing

/// A screen drawn from the image on a relaunch, then refreshed by the network: a response
/// that changes one field re-renders exactly the views that read it.
@MainActor
@Suite struct LensRefetchTests {
    @Test func aRefetchThatChangesOneFieldReRendersExactlyTheViewsThatReadIt() async throws {
        let scratch = IntegrationScratch()
        let response = try IntegrationFixtureScreenQuery.fixture.responseBytes()
        let original = #""name":"Rick Sanchez""#
        let changed = Data(
            String(decoding: response, as: UTF8.self)
                .replacingOccurrences(of: original, with: #""name":"Rick Prime""#).utf8)
        #expect(changed != response)

        // First launch: the network answers the recorded response; the image keeps it.
        let first = IntegrationLaunch(
            scratch, normalization: IntegrationFixtureScreenQuery.normalization,
            transport: RecordedTransport(
                directory: try scratch.responses("first", ["IntegrationFixtureScreen.json": response])))
        let fetched = QueryHandle(
            IntegrationFixtureScreenQuery.self, variables: IntegrationFixtureScreenQuery.variables,
            policy: .networkOnly, in: first.environment)
        await fetched.refetch()
        #expect(fetched.phase == .ready)
        first.close()

        // Second launch: drawn from the image, then the network answers with one name changed.
        let second = IntegrationLaunch(
            scratch, normalization: IntegrationFixtureScreenQuery.normalization,
            transport: RecordedTransport(
                directory: try scratch.responses("second", ["IntegrationFixtureScreen.json": changed])))
        defer { second.close() }
        let handle = QueryHandle(
            IntegrationFixtureScreenQuery.self, variables: IntegrationFixtureScreenQuery.variables,
            policy: .cacheAndNetwork, in: second.environment)
        let data = try #require(handle.data)
        #expect(handle.initialCheck?.source == .image)
        let views = try IntegrationFixtureScreenQuery.views(of: data)
        let log = IntegrationViews()
        for view in views { log.render(view.name, view.body) }
        // The views reading a record named Rick Sanchez: Character:1, and any namesake.
        let readers = Set(
            second.store.keys.filter {
                second.store.record($0)?[untracked: Slot("name")] == .string("Rick Sanchez")
            }.map(\.rawValue))
        #expect(readers.contains("Character:1"))

        await handle.refetch()

        #expect(handle.error == nil)
        #expect(try data.characters?.results?.first??.name == "Rick Prime")
        #expect(Set(log.fired.keys) == readers, "re-rendered \(log.fired.keys.sorted()) of \(views.count) views")
        #expect(log.fired.values.allSatisfy { $0 == 1 })
    }
}
