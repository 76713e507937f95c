import BatonLens
import BatonTestSupport
import BatonTransport
import Foundation
import Testing

/// Fragment arguments through the plugin against the local server: the server accepts the
/// text sent (no `@argumentDefinitions` or `@arguments`, a copy of the fragment per spread's
/// values), and each spread's lens reads the page its arguments asked for, stored under its
/// own key in one character's record.
@MainActor
@Suite struct FragmentArgumentIntegrationTests {
    @Test func eachSpreadReadsThePageItsArgumentsAskedTheLiveServerFor() async throws {
        let server = try await LocalTestServer.start()
        defer { server.stop() }
        let scratch = IntegrationScratch()
        let transport = HTTPTransport(configuration: .init(url: server.graphQLURL))
        let launch = IntegrationLaunch(scratch, normalization: IntegrationServer.normalization, transport: transport)
        defer { launch.close() }
        let handle = QueryHandle(
            IntegrationNotePagesQuery.self, variables: .init(id: "1", more: 2), in: launch.environment)
        await handle.refetch()
        let data = try #require(handle.data, "\(String(describing: handle.error))")
        func texts(_ lens: IntegrationNoteTexts?) throws -> [String]? {
            try lens?.notes.edges.map { try $0.node.text }
        }
        #expect(try texts(data.one?.integrationNoteTexts) == ["Wubba lubba dub dub"])
        #expect(try texts(data.two?.integrationNoteTexts) == ["Wubba lubba dub dub", "Pickle Rick"])
        #expect(try texts(data.all) == ["Wubba lubba dub dub", "Pickle Rick", "Get schwifty"])
        let record = try #require(launch.store.record("Character:1"))
        for key in ["notes(first:1)", "notes(first:2)", "notes(first:3)"] {
            #expect(record[untracked: Slot(key)] != nil, "\(key)")
        }
        let sent = try #require(IntegrationNotePagesQuery.template?.text)
        #expect(!sent.contains("@argument"), "\(sent)")
    }
}
