import BatonImage
import BatonLens
import BatonTesting
import Foundation
import Synchronization
import Testing

/// A client-only field end to end: `isFavorite` on `Character` (client-extensions.graphql),
/// written by the app through an updatable fragment, kept across a refetch and a relaunch over the image, never sent.
@MainActor
@Suite struct ClientOnlyFieldIntegrationTests {
    static let answer = Data(#"{"data":{"character":{"id":"1","name":"Rick Sanchez"}}}"#.utf8)
    static let renamed = Data(#"{"data":{"character":{"id":"1","name":"Rick Prime"}}}"#.utf8)

    @Test func aClientOnlyFieldSurvivesARefetchAndARelaunchAndIsNeverSent() async throws {
        let scratch = IntegrationScratch()
        let sent = SentRequests()
        let first = IntegrationLaunch(
            scratch, normalization: BatonSchema.normalization,
            transport: RecordingTransport(
                RecordedTransport(
                    directory: try scratch.responses("first", ["IntegrationFavorite.json": Self.answer])),
                into: sent))
        let handle = QueryHandle(IntegrationFavoriteQuery.self, variables: .init(id: "1"), in: first.environment)
        await handle.refetch()
        let data = try #require(handle.data)
        #expect(try data.character?.isFavorite == nil)

        // The app marks the favourite; a refetch, which never carries the field, keeps it.
        try first.environment.update(IntegrationFavoriteFlag.self, at: "Character:1") {
            try $0.set(\.isFavorite, to: true)
        }
        #expect(try data.character?.isFavorite == true)
        await handle.refetch()
        #expect(handle.error == nil, "\(String(describing: handle.error))")
        #expect(try data.character?.isFavorite == true)
        #expect(try data.character?.name == "Rick Sanchez")
        first.close()

        // What went on the wire: the text without the field, whose hash the compiler wrote.
        #expect(sent.documents.count == 2)
        #expect(sent.documents.allSatisfy { !$0.contains("isFavorite") })
        #expect(sent.documents.first == "query IntegrationFavorite($id:ID!){character(id:$id){id,name}}")
        #expect(sent.documents.first.map(SHA256.hexDigest) == IntegrationFavoriteQuery.persistedQueryHash)
        #expect(IntegrationFavoriteQuery.document.contains("isFavorite"))

        // A relaunch over the image: cached without a fetch (the server fields are there), the
        // favourite read from the image, then kept by a refetch that renames the character.
        let second = IntegrationLaunch(
            scratch, normalization: BatonSchema.normalization,
            transport: RecordedTransport(
                directory: try scratch.responses("second", ["IntegrationFavorite.json": Self.renamed])))
        defer { second.close() }
        let reopened = QueryHandle(
            IntegrationFavoriteQuery.self, variables: .init(id: "1"), policy: .cacheFirst, in: second.environment)
        #expect(reopened.initialCheck?.availability == .available)
        #expect(reopened.initialCheck?.source == .image)
        let drawn = try #require(reopened.data)
        #expect(try drawn.character?.isFavorite == true)
        await reopened.refetch()
        #expect(try drawn.character?.name == "Rick Prime")
        #expect(try drawn.character?.isFavorite == true)
    }

    @Test func aQueryWhoseClientOnlyFieldWasNeverWrittenIsCachedWithoutAnotherFetch() async throws {
        let scratch = IntegrationScratch()
        let sent = SentRequests()
        let launch = IntegrationLaunch(
            scratch, normalization: BatonSchema.normalization,
            transport: RecordingTransport(
                RecordedTransport(directory: try scratch.responses("only", ["IntegrationFavorite.json": Self.answer])),
                into: sent))
        defer { launch.close() }
        let fetched = QueryHandle(IntegrationFavoriteQuery.self, variables: .init(id: "1"), in: launch.environment)
        await fetched.refetch()
        #expect(sent.documents.count == 1)
        let again = QueryHandle(
            IntegrationFavoriteQuery.self, variables: .init(id: "1"), policy: .cacheFirst, in: launch.environment)
        #expect(again.initialCheck?.availability == .available)
        #expect(again.phase == .ready)
        #expect(try again.data?.character?.isFavorite == nil)
        #expect(sent.documents.count == 1)
    }
}

/// The documents of the requests a `RecordingTransport` passed on. Safe from any thread.
final class SentRequests: Sendable {
    private let state = Mutex<[String]>([])

    func append(_ document: String) { state.withLock { $0.append(document) } }
    var documents: [String] { state.withLock { $0 } }
}

/// A transport that notes each request's document, then asks `base`. Safe from any thread.
struct RecordingTransport: Transport {
    let base: any Transport
    let sent: SentRequests

    init(_ base: any Transport, into sent: SentRequests) {
        self.base = base
        self.sent = sent
    }

    func send(_ request: GraphQLRequest) async throws -> Data {
        sent.append(request.document)
        return try await base.send(request)
    }
}
