import BatonImage
import BatonLens
import BatonTesting
import BatonTransport
import Foundation
import Testing

/// Pagination through a compiled operation whose connection takes `$first`/`$after`, over
/// responses recorded from the local server; and a subscription over a transport that cannot
/// work on this platform.
@MainActor
@Suite struct ConnectionVariablesIntegrationTests {
    @Test func loadNextPagesAConnectionWhoseVariablesAreFirstAndAfter() async throws {
        let template = try #require(CharacterDetailQuery.template)
        #expect(
            template.root.common.first { $0.responseKey == "character" }?.selection?.common
                .first { $0.responseKey == "notes" }?.connection?.paging.forward
                == .init(count: "first", cursor: "after"))
        let scratch = IntegrationScratch()
        let launch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization, transport: IntegrationServer.recorded)
        defer { launch.close() }
        let handle = QueryHandle(CharacterDetailQuery.self, variables: .init(id: "1"), in: launch.environment)
        await handle.refetch()
        let data = try #require(handle.data)
        let texts = { try data.character?.notes.edges.map { try $0.node.text } ?? [] }
        #expect(try texts() == Array(IntegrationNotesQuery.texts.prefix(2)))
        #expect(handle.hasNextPage)

        await handle.loadNext(2)

        #expect(handle.error == nil, "\(String(describing: handle.error))")
        #expect(try texts() == IntegrationNotesQuery.texts, "the page after page 1 was not merged")
        #expect(!handle.hasNextPage)
    }

    @Test func aSubscriptionOverAPermanentlyFailingTransportFailsOnceAndStopsRetrying() async throws {
        let url = URL(string: "http://127.0.0.1:9/graphql")!
        let environment = GraphQLEnvironment(
            store: Store(normalization: IntegrationServer.normalization),
            transport: GraphQLWebSocketTransport(url: url))
        let handle = SubscriptionHandle(
            NoteAddedSubscription.self, variables: ["characterId": "1"],
            backoff: Backoff(jitter: { $0 }, sleep: { _ in }), in: environment)
        handle.start()
        for _ in 0..<200 where handle.state != .failed(.transport) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(handle.state == .failed(.transport))
        #expect(handle.resumptions == 0)
        guard case .fetch(.transport(let error as WebSocketError, _))? = handle.error, error == .invalidURL(url) else {
            Issue.record("expected WebSocketError.invalidURL, got \(String(describing: handle.error))")
            return
        }
    }
}

/// The local server's note-added subscription, written by hand (no template).
private enum NoteAddedSubscription: GraphQLOperation {
    static let document =
        "subscription NoteAdded($characterId: ID!) { noteAdded(characterId: $characterId) { id text } }"
    struct Data: Fragment {
        static let typeCondition = "Subscription"
        struct Fields: FieldSet { let noteAdded = Linked<IntegrationNote?>("noteAdded", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}
