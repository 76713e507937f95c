import BatonLens
import BatonTesting
import Testing

extension IntegrationNotesQuery {
    static let variables = Variables(id: "1")
    /// The recorded texts: page 1 holds the first two, page 2 the third.
    static let texts = ["Wubba lubba dub dub", "Pickle Rick", "Get schwifty"]
}

extension IntegrationNotesQuery.Data {
    /// The notes' texts in connection order, read through the lenses (tracked).
    var texts: [String] {
        get throws { try self.character?.notes.edges.map { try $0.node.text } ?? [] }
    }
}

extension IntegrationLaunch {
    /// A launch over `scratch` answered by the local server's recorded responses, with character
    /// 1's first page of notes fetched: the launch and the query's data lens.
    static func fetchingNotes(_ scratch: IntegrationScratch) async throws -> (
        launch: IntegrationLaunch, data: IntegrationNotesQuery.Data
    ) {
        let launch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization, transport: IntegrationServer.recorded)
        let handle = QueryHandle(
            IntegrationNotesQuery.self, variables: IntegrationNotesQuery.variables, in: launch.environment)
        await handle.refetch()
        return (launch, try #require(handle.data))
    }

    /// The next launch over `scratch`, with a network that never answers, and the notes query
    /// as it reads from the store alone.
    static func relaunchedNotes(_ scratch: IntegrationScratch) -> (
        launch: IntegrationLaunch, handle: QueryHandle<IntegrationNotesQuery>
    ) {
        let launch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization, transport: SilentTransport())
        let handle = QueryHandle(
            IntegrationNotesQuery.self, variables: IntegrationNotesQuery.variables, policy: .cacheOnly,
            in: launch.environment)
        return (launch, handle)
    }
}
