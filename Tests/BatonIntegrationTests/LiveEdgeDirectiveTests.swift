import BatonLens
import BatonTestSupport
import BatonTransport
import Foundation
import Testing

/// Edge directives against the local server itself: what the server receives must be a
/// document it accepts, with the client directives and the variables only they read left out.
@MainActor
@Suite struct LiveEdgeDirectiveTests {
    @Test func aMutationWhoseConnectionsOnlyAppendNodeReadsSucceedsAndAppends() async throws {
        let server = try await LocalTestServer.start()
        defer { server.stop() }
        let scratch = IntegrationScratch()
        let transport = HTTPTransport(configuration: .init(url: server.graphQLURL, usesAutomaticPersistedQueries: true))
        let launch = IntegrationLaunch(scratch, normalization: IntegrationServer.normalization, transport: transport)
        defer { launch.close() }
        let notes = QueryHandle(
            IntegrationNotesQuery.self, variables: IntegrationNotesQuery.variables, in: launch.environment)
        await notes.refetch()
        let data = try #require(notes.data, "\(String(describing: notes.error))")
        let connection = try #require(try data.character?.notes)
        let before = try data.texts

        let mutation = MutationHandle(IntegrationAddNoteMutation.self, in: launch.environment)
        let answer = try await mutation.perform(
            variables: .init(connections: [connection.connectionID], characterId: "1", text: "Appended by @appendNode"))

        #expect(try answer.addNote?.text == "Appended by @appendNode")
        #expect(try data.texts == before + ["Appended by @appendNode"])
    }
}
