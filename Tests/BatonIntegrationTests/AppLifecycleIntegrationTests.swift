import BatonLens
import BatonTestSupport
import BatonTesting
import BatonTransport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Invalidation refetches and the app's activity against the live test server over HTTP: what
/// the server saw (its events log, by the `X-Test-Id` header) is what the handles asked for.
@MainActor
@Suite struct AppLifecycleIntegrationTests {
    @Test func anInvalidatedRecordIsFetchedAgainFromTheServerByTheHandleShowingIt() async throws {
        let server = try await LocalTestServer.start()
        defer { server.stop() }
        let id = UUID().uuidString
        let environment = Self.environment(server, id)
        let shown = QueryHandle(LifecycleCharacterQuery.self, variables: ["id": "1"], in: environment)
        let other = QueryHandle(LifecycleCharacterQuery.self, variables: ["id": "2"], in: environment)
        try await shown.waitUntil(.ready)
        try await other.waitUntil(.ready)
        #expect(try await Self.events(server, id).requests == 2)
        try await Self.addNote(server, "1", "Written behind the client's back")

        environment.store.invalidate(record: "Character:1")

        #expect(shown.isRefreshing && !other.isRefreshing)
        try await until("the refetch lands") { !shown.isRefreshing }
        #expect(shown.error == nil, "\(String(describing: shown.error))")
        #expect(try shown.data?.character?.texts.contains("Written behind the client's back") == true)
        #expect(try await Self.events(server, id).requests == 3)
    }

    @Test func aParkedSubscriptionLetsTheServerGoAndSubscribesAgainOnTheReturn() async throws {
        let server = try await LocalTestServer.start()
        defer { server.stop() }
        let id = UUID().uuidString
        let clock = LifecycleClock()
        let environment = Self.environment(server, id, now: { clock.now })
        let aging = QueryHandle(
            LifecycleCharacterQuery.self, variables: ["id": "1"], policy: .staleWhileRevalidate(maxAge: 60),
            in: environment)
        let fresh = QueryHandle(LifecycleCharacterQuery.self, variables: ["id": "2"], in: environment)
        try await aging.waitUntil(.ready)
        try await fresh.waitUntil(.ready)
        let subscription = SubscriptionHandle(
            LifecycleNoteAddedSubscription.self, variables: ["characterId": "1"], in: environment)
        defer { subscription.stop() }
        subscription.start()
        #expect(try await Self.eventually { try await Self.events(server, id).subscribed == 1 })

        environment.setActivity(.inactive)

        #expect(subscription.state == .parked)
        #expect(
            try await Self.eventually { try await Self.events(server, id).all.contains("closed") },
            "the server still streams to the parked subscription")
        try await Self.addNote(server, "1", "Added while away")
        clock.now += 120

        environment.setActivity(.active)

        #expect(aging.isRefreshing && !fresh.isRefreshing)
        #expect(try await Self.eventually { try await Self.events(server, id).subscribed == 2 })
        try await until("the stale handle's revalidation lands") { !aging.isRefreshing }
        #expect(try aging.data?.character?.texts.contains("Added while away") == true)
        try await Self.addNote(server, "1", "Added after the return")
        try await subscription.waitUntil(eventCount: 1)
        #expect(try subscription.data?.noteAdded?.text == "Added after the return")
        let events = try await Self.events(server, id)
        #expect(events.requests == 3 + 2, "queries: two first fetches, one revalidation; two subscribes: \(events.all)")
    }

    /// An environment over a store under the server's schema (on `now`'s clock), talking to the
    /// server over HTTP, subscriptions as server-sent events, every request tagged `id`.
    static func environment(_ server: LocalTestServer, _ id: String, now: @escaping @MainActor () -> Date = { Date() })
        -> GraphQLEnvironment
    {
        GraphQLEnvironment(
            store: Store(normalization: IntegrationServer.normalization, now: now),
            transport: HTTPTransport(
                configuration: .init(
                    url: server.graphQLURL, headers: ["X-Test-Id": id], subscriptionProtocol: .serverSentEvents)))
    }

    /// The server's events for `id`: all of them, its GraphQL requests and its subscriptions.
    static func events(_ server: LocalTestServer, _ id: String) async throws -> (
        all: [String], requests: Int, subscribed: Int
    ) {
        let url = URL(string: "http://127.0.0.1:\(server.port)/_test/events?id=\(id)")!
        let (data, _) = try await URLSession.shared.data(from: url)
        let events = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["events"] as? [String] ?? []
        return (events, events.filter { $0 == "open" }.count, events.filter { $0 == "subscribed" }.count)
    }

    /// Adds a note on the server, untagged, as another client would.
    static func addNote(_ server: LocalTestServer, _ character: String, _ text: String) async throws {
        var request = URLRequest(url: server.graphQLURL)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: [
            "query": "mutation Add($c: ID!, $t: String!) { addNote(characterId: $c, text: $t) { id } }",
            "variables": ["c": character, "t": text],
        ])
        _ = try await URLSession.shared.data(for: request)
    }

    /// Polls `holds` until it is true, for up to twenty seconds.
    static func eventually(_ holds: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if try await holds() { return true }
            try await Task.sleep(for: .milliseconds(30))
        }
        return false
    }
}

/// The store's clock, which a test moves on. Main actor.
@MainActor
private final class LifecycleClock {
    var now = Date(timeIntervalSince1970: 1_700_000_000)
}

/// A character and the text of its first notes, written by hand (no template).
private enum LifecycleCharacterQuery: GraphQLOperation {
    static let document =
        "query LifecycleCharacter($id: ID!) { character(id: $id) { id name notes(first: 50) { edges { node { id text } } } } }"
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<LifecycleCharacter?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

private struct LifecycleCharacter: Fragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet { let notes = Linked<LifecycleNotes?>("notes", arguments: true) }
    static let fields = Fields()
    let ref: RecordRef

    var texts: [String] {
        get throws { try self.notes?.edges.map { try $0.node.text } ?? [] }
    }
}

private struct LifecycleNotes: Fragment {
    static let typeCondition = "NoteConnection"
    struct Fields: FieldSet { let edges = Linked<[LifecycleEdge]>("edges") }
    static let fields = Fields()
    let ref: RecordRef
}

private struct LifecycleEdge: Fragment {
    static let typeCondition = "NoteEdge"
    struct Fields: FieldSet { let node = Linked<LifecycleNote>("node") }
    static let fields = Fields()
    let ref: RecordRef
}

private struct LifecycleNote: Fragment {
    static let typeCondition = "Note"
    struct Fields: FieldSet { let text = Scalar<String>("text") }
    static let fields = Fields()
    let ref: RecordRef
}

/// The local server's note-added subscription, written by hand (no template).
private enum LifecycleNoteAddedSubscription: GraphQLOperation {
    static let document =
        "subscription LifecycleNoteAdded($characterId: ID!) { noteAdded(characterId: $characterId) { id text } }"
    struct Data: Fragment {
        static let typeCondition = "Subscription"
        struct Fields: FieldSet { let noteAdded = Linked<LifecycleNote?>("noteAdded", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}
