import BatonLens
import BatonTestSupport
import BatonTransport
import Foundation
import Testing

/// Trusted documents end to end: the build plugin writes this target's operation manifest
/// (baton.json's `operationManifest`) beside the generated Swift, the target takes it as a
/// resource, and the local server given that manifest runs the target's operations sent by
/// id alone: a connection query, an `@appendNode` mutation and a query of a client-only
/// field, whose texts sent leave out what only the client reads.
@MainActor
@Suite struct TrustedDocumentIntegrationTests {
    static func manifestURL() throws -> URL {
        try #require(
            Bundle.module.url(forResource: "persisted-query-manifest", withExtension: "json"),
            "the plugin wrote no persisted-query-manifest.json for this target")
    }

    /// The manifest's operations, by name.
    static func operations() throws -> [String: [String: String]] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL())) as? [String: Any]
        #expect(object?["format"] as? String == "apollo-persisted-query-manifest")
        let operations = try #require(object?["operations"] as? [[String: String]])
        return Dictionary(uniqueKeysWithValues: operations.compactMap { entry in entry["name"].map { ($0, entry) } })
    }

    @Test func thePluginsManifestHoldsEachOperationUnderItsGeneratedHash() throws {
        let operations = try Self.operations()
        let generated = [
            ("IntegrationNotes", IntegrationNotesQuery.persistedQueryHash),
            ("IntegrationAddNote", IntegrationAddNoteMutation.persistedQueryHash),
            ("IntegrationFavorite", IntegrationFavoriteQuery.persistedQueryHash),
        ]
        for (name, hash) in generated {
            let entry = try #require(operations[name], "\(name) is not in the manifest")
            #expect(entry["id"] == hash)
            #expect(entry["body"].map(SHA256.hexDigest) == hash)
        }
        #expect(operations["IntegrationFavorite"]?["body"]?.contains("isFavorite") == false)
        #expect(operations["IntegrationAddNote"]?["type"] == "mutation")
    }

    @Test func theTargetsOperationsRunByIdAgainstAServerGivenItsManifest() async throws {
        let server = try await LocalTestServer.start(arguments: ["--trusted-documents", try Self.manifestURL().path])
        defer { server.stop() }
        var configuration = HTTPTransport.Configuration(url: server.graphQLURL)
        configuration.usesTrustedDocuments = true
        let scratch = IntegrationScratch()
        let launch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization,
            transport: HTTPTransport(configuration: configuration))
        defer { launch.close() }

        let notes = QueryHandle(
            IntegrationNotesQuery.self, variables: IntegrationNotesQuery.variables, in: launch.environment)
        await notes.refetch()
        let data = try #require(notes.data, "\(String(describing: notes.error))")
        let connection = try #require(try data.character?.notes)
        let before = try data.texts
        let answer = try await MutationHandle(IntegrationAddNoteMutation.self, in: launch.environment).perform(
            variables: .init(connections: [connection.connectionID], characterId: "1", text: "Sent by id"))
        #expect(try answer.addNote?.text == "Sent by id")
        #expect(try data.texts == before + ["Sent by id"])

        let favorite = QueryHandle(IntegrationFavoriteQuery.self, variables: .init(id: "1"), in: launch.environment)
        await favorite.refetch()
        #expect(try favorite.data?.character?.name == "Rick Sanchez", "\(String(describing: favorite.error))")
    }

    @Test func aServerWhoseManifestLacksTheOperationFailsItWithTheTypedError() async throws {
        let scratch = IntegrationScratch()
        let empty = scratch.directory.appendingPathComponent("empty-manifest.json")
        try Data(#"{"format": "apollo-persisted-query-manifest", "version": 1, "operations": []}"#.utf8).write(
            to: empty)
        let server = try await LocalTestServer.start(arguments: ["--trusted-documents", empty.path])
        defer { server.stop() }
        var configuration = HTTPTransport.Configuration(url: server.graphQLURL)
        configuration.usesTrustedDocuments = true
        let launch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization,
            transport: HTTPTransport(configuration: configuration))
        defer { launch.close() }

        let notes = QueryHandle(
            IntegrationNotesQuery.self, variables: IntegrationNotesQuery.variables, in: launch.environment)
        await notes.refetch()
        guard case .fetch(.transport(let error as TrustedDocumentError, _)) = notes.error else {
            Issue.record("expected a TrustedDocumentError, got \(String(describing: notes.error))")
            return
        }
        #expect(
            error
                == .unknownDocument(
                    url: server.graphQLURL, id: IntegrationNotesQuery.persistedQueryHash,
                    operationName: "IntegrationNotes"))
    }
}
