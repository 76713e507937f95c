import BatonLens
import BatonTestSupport
import BatonTesting
import BatonTransport
import Foundation
import Testing

/// A `@refetchable` fragment against the local server itself: the generated refetch query is
/// a document the server runs, and two lists of one screen page separately.
@MainActor
@Suite struct LiveRefetchableFragmentTests {
    @Test func twoListsOnOneScreenPageSeparatelyThroughTheRefetchQuery() async throws {
        let server = try await LocalTestServer.start()
        defer { server.stop() }
        let scratch = IntegrationScratch()
        let transport = HTTPTransport(configuration: .init(url: server.graphQLURL))
        let launch = IntegrationLaunch(scratch, normalization: IntegrationServer.normalization, transport: transport)
        defer { launch.close() }
        let adding = MutationHandle(IntegrationAddNoteMutation.self, in: launch.environment)
        for text in ["Aw geez", "Oh man", "Rick, no"] {
            _ = try await adding.perform(variables: .init(connections: [], characterId: "2", text: text))
        }

        let screen = QueryHandle(
            IntegrationTwoNoteListsQuery.self, variables: .init(a: "1", b: "2"), in: launch.environment)
        await screen.refetch()
        let data = try #require(screen.data, "\(String(describing: screen.error))")
        let rick = RefetchHandle(try #require(try data.a), variables: screen.variables, in: launch.environment)
        let morty = RefetchHandle(try #require(try data.b), variables: screen.variables, in: launch.environment)
        let texts = { (lens: IntegrationCharacterNotes?) in try lens?.notes.edges.map { try $0.node.text } ?? [] }
        #expect(try texts(data.a) == Array(IntegrationNotesQuery.texts.prefix(2)))
        #expect(try texts(data.b) == ["Aw geez", "Oh man"])
        #expect(rick.hasNext && morty.hasNext)

        try await morty.loadNext(5)

        #expect(try texts(data.b) == ["Aw geez", "Oh man", "Rick, no"])
        #expect(try texts(data.a) == Array(IntegrationNotesQuery.texts.prefix(2)), "the other list is as it was")
        #expect(!morty.hasNext)
        #expect(rick.hasNext)

        try await rick.loadNext(5)

        #expect(try texts(data.a) == IntegrationNotesQuery.texts)
        #expect(!rick.hasNext)

        try await rick.refetch(variables: ["id": "2", "count": 1])

        #expect(try rick.lens.name == "Morty Smith")
        #expect(rick.error == nil && morty.error == nil)
    }

    /// Pages a fragment fetched on its own are in the image: the next launch, with a network
    /// that never answers, draws both lists as far as each was paged.
    @Test func aRelaunchDrawsEachListAsFarAsItsFragmentPaged() async throws {
        let server = try await LocalTestServer.start()
        defer { server.stop() }
        let scratch = IntegrationScratch()
        let transport = HTTPTransport(configuration: .init(url: server.graphQLURL))
        let launch = IntegrationLaunch(scratch, normalization: IntegrationServer.normalization, transport: transport)
        let adding = MutationHandle(IntegrationAddNoteMutation.self, in: launch.environment)
        for text in ["Aw geez", "Oh man", "Rick, no"] {
            _ = try await adding.perform(variables: .init(connections: [], characterId: "2", text: text))
        }
        let screen = QueryHandle(
            IntegrationTwoNoteListsQuery.self, variables: .init(a: "1", b: "2"), in: launch.environment)
        await screen.refetch()
        let data = try #require(screen.data, "\(String(describing: screen.error))")
        let morty = RefetchHandle(try #require(try data.b), variables: screen.variables, in: launch.environment)
        try await morty.loadNext(5)
        launch.close()

        let relaunch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization, transport: SilentTransport())
        defer { relaunch.close() }
        let again = QueryHandle(
            IntegrationTwoNoteListsQuery.self, variables: .init(a: "1", b: "2"), policy: .cacheOnly,
            in: relaunch.environment)
        let drawn = try #require(again.data, "the first frame of the next launch draws the screen")
        let texts = { (lens: IntegrationCharacterNotes?) in try lens?.notes.edges.map { try $0.node.text } ?? [] }
        #expect(try texts(drawn.b) == ["Aw geez", "Oh man", "Rick, no"], "the paged list, all three")
        #expect(try texts(drawn.a) == Array(IntegrationNotesQuery.texts.prefix(2)), "the other, its first page")
    }
}
