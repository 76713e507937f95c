import BatonImage
import BatonLens
import BatonTesting
import BatonTransport
import Foundation
import Testing

/// A connection paged through responses recorded from the local server: pages merge into one
/// connection, and the merged connection is what the next launch reads from the image.
@MainActor
@Suite struct RelaunchPaginationTests {
    @Test func aConnectionQuerySendsNoClientDirectives() throws {
        let plan = try IntegrationNotesQuery.plan(
            variables: IntegrationNotesQuery.variables.variableValues, normalization: IntegrationServer.normalization)
        #expect(!plan.request.document.contains("@connection"), "a server that does not declare it rejects the query")
        #expect(plan.request.document.contains("notes(first:$count,after:$cursor)"))
    }

    @Test func loadNextMergesTheSecondPageAndTheMergeSurvivesARelaunch() async throws {
        let scratch = IntegrationScratch()
        let first = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization, transport: IntegrationServer.recorded)
        let handle = QueryHandle(
            IntegrationNotesQuery.self, variables: IntegrationNotesQuery.variables, in: first.environment)
        await handle.refetch()
        let data = try #require(handle.data)
        #expect(try data.texts == Array(IntegrationNotesQuery.texts.prefix(2)))
        #expect(handle.hasNextPage)
        let log = IntegrationViews()
        log.render("notes") { _ = try? data.texts }
        log.render("name") { _ = try? data.character?.name }

        await handle.loadNext(2)

        #expect(handle.error == nil)
        #expect(try data.texts == IntegrationNotesQuery.texts)
        #expect(!handle.hasNextPage)
        #expect(log.fired == ["notes": 1], "the page re-renders the list, not the title")
        first.close()

        // The next launch, with a network that never answers: the merged connection, from disk.
        let second = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization, transport: SilentTransport())
        defer { second.close() }
        let relaunched = QueryHandle(
            IntegrationNotesQuery.self, variables: IntegrationNotesQuery.variables,
            policy: .cacheOnly, in: second.environment)
        #expect(relaunched.initialCheck?.source == .image)
        let merged = try #require(relaunched.data)
        #expect(try merged.texts == IntegrationNotesQuery.texts)
        #expect(try merged.character?.notes.edges.map { try $0.cursor }.count == 3)
        #expect(!relaunched.hasNextPage)
    }

    @Test func collectionKeepsTheMergedConnectionOfAScreenOnDisplay() async throws {
        let scratch = IntegrationScratch()
        let launch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization, transport: IntegrationServer.recorded)
        defer { launch.close() }
        let handle = QueryHandle(
            IntegrationNotesQuery.self, variables: IntegrationNotesQuery.variables, in: launch.environment)
        await handle.refetch()
        await handle.loadNext(2)
        let data = try #require(handle.data)

        launch.environment.collect()

        #expect(try data.texts == IntegrationNotesQuery.texts)
    }
}
