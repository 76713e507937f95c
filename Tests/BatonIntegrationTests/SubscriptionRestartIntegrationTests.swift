import BatonLens
import BatonTestSupport
import BatonTesting
import BatonTransport
import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Subscription handles over one shared GraphQL WebSocket connection to the live test server,
/// across a restart of its WebSocket endpoint (GET /_test/websocket/restart: every connection
/// dropped, upgrades answered with 503 for a while).
@MainActor
@Suite struct SubscriptionRestartIntegrationTests {
    static let characters = ["1", "2", "3"]

    @Test func everyHandleBacksOffAndResubscribesOnOneNewConnectionAfterTheEndpointRestarts() async throws {
        let server = try await LocalTestServer.start()
        defer { server.stop() }
        let id = UUID().uuidString
        let waits = Mutex<[Duration]>([])
        let backoff = Backoff(
            initial: .milliseconds(100), maximum: .milliseconds(400), jitter: { $0 },
            sleep: { delay in
                waits.withLock { $0.append(delay) }
                try await Task.sleep(for: delay)
            })
        let environment = GraphQLEnvironment(
            store: Store(normalization: IntegrationServer.normalization),
            transport: GraphQLWebSocketTransport(
                url: URL(string: "ws://127.0.0.1:\(server.port)/graphql")!, headers: ["X-Test-Id": id]))
        let handles = Self.characters.map {
            SubscriptionHandle(
                RestartNoteAddedSubscription.self, variables: ["characterId": .string($0)], backoff: backoff,
                in: environment)
        }
        defer { for handle in handles { handle.stop() } }
        for handle in handles { handle.start() }
        #expect(try await Self.eventually { try await Self.events(server, id).subscribed == 3 })

        let restart = URL(string: "http://127.0.0.1:\(server.port)/_test/websocket/restart?down=0.8")!
        _ = try await URLSession.shared.data(from: restart)
        #expect(
            try await Self.eventually { try await Self.events(server, id).subscribed == 6 },
            "not every handle resubscribed")
        for character in Self.characters { try await Self.addNote(server, character, "after restart") }
        #expect(
            try await Self.eventually {
                handles.allSatisfy { (try? $0.data?.noteAdded?.text) == "after restart" }
            }, "a handle missed the note after the restart")

        for handle in handles {
            #expect(handle.resumptions >= 1)
            #expect(handle.state == .open)
        }
        let log = try await Self.events(server, id)
        #expect(log.opens == 2, "not one new shared connection: \(log.all)")
        #expect(log.all.contains("ws refused while restarting"), "no handle tried while the endpoint was down")
        #expect(waits.withLock { $0.contains { $0 > .milliseconds(100) } }, "the backoff never grew")
    }

    static func events(_ server: LocalTestServer, _ id: String) async throws -> (
        all: [String], subscribed: Int, opens: Int
    ) {
        let url = URL(string: "http://127.0.0.1:\(server.port)/_test/events?id=\(id)")!
        let (data, _) = try await URLSession.shared.data(from: url)
        let events = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["events"] as? [String] ?? []
        return (
            events, events.filter { $0.hasPrefix("ws subscribed") }.count,
            events.filter { $0.hasPrefix("ws open") }.count
        )
    }

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

    /// Polls `holds` until it is true, for up to 30 seconds: the handles start and resubscribe
    /// on the main actor, which a whole run under a sanitizer on two cores keeps queued for
    /// seconds (`make asan` once saw three handles not all subscribed after ten).
    static func eventually(_ holds: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if try await holds() { return true }
            try await Task.sleep(for: .milliseconds(30))
        }
        return false
    }
}

/// The local server's note-added subscription, written by hand (no template).
private enum RestartNoteAddedSubscription: GraphQLOperation {
    static let document =
        "subscription NoteAdded($characterId: ID!) { noteAdded(characterId: $characterId) { id text } }"
    struct Data: Fragment {
        static let typeCondition = "Subscription"
        struct Fields: FieldSet { let noteAdded = Linked<IntegrationNote?>("noteAdded", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}
