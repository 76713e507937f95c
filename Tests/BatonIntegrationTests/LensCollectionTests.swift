import Foundation
import Testing
import BatonImage
import BatonLens
import BatonTransport

/// Collection with an image behind the store: a released screen beyond the release buffer
/// loses its records from memory, a buffered one keeps them, and the image still answers the
/// freed one when it is opened again.
@MainActor
@Suite struct LensCollectionTests {
    @Test func collectionFreesAReleasedScreensRecordsAndKeepsABufferedOne() async throws {
        let scratch = IntegrationScratch()
        let launch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization,
            transport: IntegrationServer.recorded, releaseBufferSize: 1)
        defer { launch.close() }
        var pageOne: QueryHandle<IntegrationCharactersQuery>? = QueryHandle(
            IntegrationCharactersQuery.self, variables: IntegrationCharactersQuery.variables(page: 1),
            in: launch.environment)
        await pageOne?.refetch()
        var pageTwo: QueryHandle<IntegrationCharactersQuery>? = QueryHandle(
            IntegrationCharactersQuery.self, variables: IntegrationCharactersQuery.variables(page: 2),
            in: launch.environment)
        await pageTwo?.refetch()
        #expect(launch.store.record("Character:1") != nil)
        #expect(launch.store.record("Character:21") != nil)

        // Page 1 is released first, then page 2: a buffer of one keeps page 2 only.
        pageOne = nil
        #expect(await integrationEventually { launch.store.retainedOperations.count == 1 })
        pageTwo = nil
        #expect(await integrationEventually { launch.store.retainedOperations.isEmpty })
        #expect(launch.store.bufferedOperations.count == 1)

        let freed = launch.environment.collect()

        #expect(freed >= 20)
        #expect(launch.store.record("Character:1") == nil)
        #expect(launch.store.record("Character:20") == nil)
        #expect(launch.store.record("Character:21") != nil)
        #expect(launch.store.record("Character:40") != nil)

        // Opened again: the check reads page 1 back from the image, before any await.
        let reopened = QueryHandle(
            IntegrationCharactersQuery.self, variables: IntegrationCharactersQuery.variables(page: 1),
            policy: .cacheOnly, in: launch.environment)
        #expect(reopened.initialCheck?.source == .image)
        #expect(try reopened.data?.characters?.results?.first??.name == "Rick Sanchez")
    }
}
