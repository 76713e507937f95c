import BatonImage
import BatonLens
import BatonTesting
import BatonTransport
import Foundation
import Testing

/// Every layer across a relaunch: the first launch commits a fixture's response through a
/// store kept in an image; the second launch, a new store over the same file with a network
/// that never answers, answers the fixture's operation from the image alone.
@MainActor
@Suite struct RelaunchFixtureTests {
    @Test(arguments: RecordedFixture.all)
    func aSecondLaunchAnswersTheFixtureFromTheImageAndMaterializesItsResponse(_ fixture: RecordedFixture) throws {
        let scratch = IntegrationScratch()
        let plan = try fixture.plan()
        let bytes = try fixture.responseBytes()

        let first = IntegrationLaunch(scratch, normalization: plan.normalization, transport: SilentTransport())
        first.store.commit(try fixture.ingest.ingest(bytes, plan: plan).changes, fetched: plan.identity)
        first.close()

        let second = IntegrationLaunch(scratch, normalization: plan.normalization, transport: SilentTransport())
        defer { second.close() }
        #expect(second.store.recordCount == 3, "a new launch starts with the roots alone")
        let check = second.store.check(plan)
        if fixture.complete {
            #expect(check.isAvailable, "\(fixture.name): missing \(check.missingPaths)")
            #expect(check.source == .image)
            #expect(check.fetchedAt != nil)
        }
        let data = try fixture.materializer.data(of: plan, from: second.store.snapshot())
        let difference = JSONDifference.first(data, try JSONValue.parse(bytes)[member: "data"])
        #expect(difference == nil, "\(fixture.name): \(difference ?? "")")
    }

    @Test func aQueryHandleOverTheRelaunchedFixtureHasDataBeforeAnyAwait() throws {
        let scratch = IntegrationScratch()
        let fixture = IntegrationFixtureScreenQuery.fixture
        let plan = try fixture.plan()
        let first = IntegrationLaunch(
            scratch, normalization: IntegrationFixtureScreenQuery.normalization, transport: SilentTransport())
        first.store.commit(
            try fixture.ingest.ingest(fixture.responseBytes(), plan: plan).changes, fetched: plan.identity)
        first.close()

        // No await in this test: whatever the handle shows, it had before the first body.
        let second = IntegrationLaunch(
            scratch, normalization: IntegrationFixtureScreenQuery.normalization, transport: SilentTransport())
        defer { second.close() }
        let handle = QueryHandle(
            IntegrationFixtureScreenQuery.self, variables: IntegrationFixtureScreenQuery.variables,
            policy: .cacheAndNetwork, in: second.environment)
        #expect(handle.initialCheck?.source == .image)
        #expect(handle.phase == .ready)
        #expect(handle.isRefreshing, "cache-and-network still asks the network, which never answers")
        let page = try #require(try handle.data?.characters)
        let rows = try #require(try page.results).compactMap { $0 }
        #expect(rows.count == 20)
        #expect(try rows.first?.name == "Rick Sanchez")
        #expect(try rows.first?.origin?.name == "Earth (C-137)")
        #expect(try rows.first?.episode.first??.characters.isEmpty == false)
        #expect(
            try IntegrationFixtureScreenQuery.views(of: try #require(handle.data)).count == second.store.recordCount
                - 3,
            "a view per record the screen shows: every record the check loaded but the three roots")
    }
}
