import BatonNormalize
import BatonRecords
import BatonTransport
import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Live subscriptions across a restart of the test server's WebSocket endpoint: it drops every
/// connection and answers upgrades with 503 for a while (GET /_test/websocket/restart). A
/// server of its own: the restart drops every connection on it.
@Suite(.testServer)
struct GraphQLWebSocketAcrossARestart {
    static let characters = ["37", "38", "39"]

    /// Subscribes to `character` until the note "after" arrives, subscribing again (as a
    /// subscription handle does) each time the stream fails with a failure that may pass.
    static func follow(_ character: String, through transport: any Transport) async throws -> (Int, [String]) {
        var drops = 0
        var texts: [String] = []
        while true {
            do {
                for try await event in transport.events(
                    for: GraphQLWebSocketAgainstTestServer.request(character: character))
                {
                    guard case .payload(let data) = event else { continue }
                    texts.append(try GraphQLWebSocketAgainstTestServer.text(data))
                    if texts.last == "after" { return (drops, texts) }
                }
                return (drops, texts)
            } catch let failure as any TransportFailure where !failure.isPermanent && drops < 3 {
                drops += 1
            }
        }
    }

    static func subscribedCount(_ id: String) async throws -> Int {
        try await server().events(id).filter { $0.hasPrefix("ws subscribed") }.count
    }

    static func waitForSubscribed(_ count: Int, _ id: String) async throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try await subscribedCount(id) >= count { return true }
            try await Task.sleep(for: .milliseconds(30))
        }
        return false
    }

    static func addNote(_ character: String, _ text: String) async throws {
        _ = try await AgainstTestServer.transport().send(
            GraphQLRequest(
                document: "mutation Add($c: ID!, $t: String!) { addNote(characterId: $c, text: $t) { id } }",
                operationName: "Add", kind: .mutation, variables: ["c": .string(character), "t": .string(text)]))
    }

    @Test func everySubscriptionResubscribesOnOneNewConnectionAfterBackingOffThroughTheRestart() async throws {
        let id = UUID().uuidString
        let retries = Atomic<Int>(0)
        let policy = RetryPolicy(
            maxAttempts: 30, initialDelay: .milliseconds(100), multiplier: 1.5, maxDelay: .milliseconds(300),
            deadline: .seconds(15), jitter: false)
        let transport = InterceptingTransport(
            try GraphQLWebSocketAgainstTestServer.transport(.graphqlTransportWS, headers: ["X-Test-Id": id]),
            interceptors: [
                RetryInterceptor(policy: policy) { _, _, _, _ in retries.add(1, ordering: .relaxed) }
            ])
        let followers = Task {
            try await withThrowingTaskGroup(of: (String, Int, [String]).self) { group in
                for character in Self.characters {
                    group.addTask {
                        let (drops, texts) = try await Self.follow(character, through: transport)
                        return (character, drops, texts)
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = ($1.1, $1.2) }
            }
        }
        // A subscription left without a drop would wait forever for its "after".
        let watchdog = Task {
            try await Task.sleep(for: .seconds(20))
            followers.cancel()
        }
        defer { watchdog.cancel() }
        #expect(try await Self.waitForSubscribed(3, id), "not every subscription reached the server")
        for character in Self.characters { try await Self.addNote(character, "before") }

        let restart = URL(string: "http://127.0.0.1:\(try server().port)/_test/websocket/restart?down=0.8")!
        let (answer, _) = try await URLSession.shared.data(from: restart)
        #expect(
            value(try json(answer), "dropped") as? Int == 1,
            "the three subscriptions shared more than one connection")

        #expect(try await Self.waitForSubscribed(6, id), "not every subscription resubscribed")
        for character in Self.characters { try await Self.addNote(character, "after") }
        let results = try await followers.value
        for character in Self.characters {
            #expect(results[character]?.0 == 1, "\(character) dropped \(results[character]?.0 ?? -1) times")
            #expect(results[character]?.1 == ["before", "after"], "\(character): \(results[character]?.1 ?? [])")
        }
        let events = try await server().events(id)
        #expect(events.contains("ws refused while restarting"), "no reconnection was tried while it was down")
        #expect(retries.load(ordering: .relaxed) >= 1, "the retry interceptor never backed off")
        #expect(events.filter { $0.hasPrefix("ws open") }.count == 2, "not one new shared connection: \(events)")
    }
}
