import BatonNormalize
import BatonTransport
import Foundation
import Synchronization
import Testing

/// Which side of a `SplitTransport` each request reaches, and that what comes back is that
/// side's, untouched.
struct SplitTransportTests {
    /// A transport that answers with its name and records each call as "method kind".
    final class Recorder: Transport {
        let name: String
        let failure: (any Error)?
        let calls = Mutex<[String]>([])

        init(_ name: String, failing failure: (any Error)? = nil) {
            self.name = name
            self.failure = failure
        }

        var recorded: [String] { calls.withLock { $0 } }

        func send(_ request: GraphQLRequest) async throws -> Data {
            calls.withLock { $0.append("send \(request.kind)") }
            if let failure { throw failure }
            return Data(name.utf8)
        }

        func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
            calls.withLock { $0.append("payloads \(request.kind)") }
            return AsyncThrowingStream { continuation in
                continuation.yield(Data(name.utf8))
                continuation.finish(throwing: failure)
            }
        }

        func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error> {
            calls.withLock { $0.append("events \(request.kind)") }
            return AsyncThrowingStream { continuation in
                continuation.yield(.connected)
                continuation.yield(.payload(Data(name.utf8)))
                continuation.finish(throwing: failure)
            }
        }
    }

    static func request(_ kind: OperationKind) -> GraphQLRequest {
        GraphQLRequest(document: "{ __typename }", kind: kind)
    }

    @Test(arguments: [OperationKind.query, .mutation, .subscription])
    func everyWayOfSendingGoesToTheSideOfTheRequestsKind(_ kind: OperationKind) async throws {
        let operations = Recorder("operations")
        let subscriptions = Recorder("subscriptions")
        let split = SplitTransport(operations: operations, subscriptions: subscriptions)
        let expected = kind == .subscription ? "subscriptions" : "operations"

        #expect(String(decoding: try await split.send(Self.request(kind)), as: UTF8.self) == expected)
        var payloads: [String] = []
        for try await payload in split.payloads(for: Self.request(kind)) {
            payloads.append(String(decoding: payload, as: UTF8.self))
        }
        #expect(payloads == [expected])
        var events: [StreamEvent] = []
        for try await event in split.events(for: Self.request(kind)) { events.append(event) }
        #expect(events == [.connected, .payload(Data(expected.utf8))])

        let chosen = kind == .subscription ? subscriptions : operations
        let other = kind == .subscription ? operations : subscriptions
        #expect(chosen.recorded == ["send \(kind)", "payloads \(kind)", "events \(kind)"])
        #expect(other.recorded.isEmpty)
        #expect(split.transport(for: Self.request(kind)) as? Recorder === chosen)
    }

    @Test func aSidesFailureComesBackAsItsOwnSoItsPermanenceStillDecidesARetry() async throws {
        let url = URL(string: "ws://127.0.0.1:9/graphql")!
        let split = SplitTransport(
            operations: Recorder("operations", failing: TransportError.timeout(url: url, after: 30)),
            subscriptions: Recorder(
                "subscriptions", failing: WebSocketError.subprotocolRejected(url: url, offered: ["x"], chosen: nil)))
        var delivered = 0
        do {
            for try await event in split.events(for: Self.request(.subscription)) {
                if case .payload = event { delivered += 1 }
            }
            Issue.record("the subscription's stream did not fail")
        } catch let error as WebSocketError {
            #expect(error == .subprotocolRejected(url: url, offered: ["x"], chosen: nil))
            #expect(error.isPermanent)
        }
        #expect(delivered == 1, "a payload before the failure was lost")
        await #expect(throws: TransportError.timeout(url: url, after: 30)) {
            try await split.send(Self.request(.mutation))
        }
    }
}

extension GraphQLWebSocketAgainstTestServer {
    /// Queries and mutations over HTTP, subscriptions over the server's WebSocket endpoint, as
    /// an app whose server serves subscriptions on `graphql-transport-ws` alone configures it.
    @Test func aSubscriptionGoesOverTheWebSocketWhileQueriesAndMutationsGoOverHTTP() async throws {
        let id = UUID().uuidString
        let split = SplitTransport(
            operations: try AgainstTestServer.transport { $0.headers = ["X-Test-Id": id] },
            subscriptions: try Self.transport(.graphqlTransportWS, headers: ["X-Test-Id": id]))
        let collector = Task {
            var texts: [String] = []
            for try await payload in split.payloads(for: Self.request(character: "23", completeAfter: 1)) {
                texts.append(try Self.text(payload))
            }
            return texts
        }
        // A subscription that went anywhere but the WebSocket would wait forever for its event.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(20))
            collector.cancel()
        }
        defer { watchdog.cancel() }
        #expect(try await server().waitFor("ws subscribed", testID: id), "the subscription never reached the server")
        let query = try await split.send(GraphQLRequest(document: "{ character(id: 23) { name } }"))
        #expect(value(try json(query), "data", "character", "name") as? String != nil)
        _ = try await split.send(
            GraphQLRequest(
                document: "mutation Add($c: ID!, $t: String!) { addNote(characterId: $c, text: $t) { id } }",
                operationName: "Add", kind: .mutation, variables: ["c": "23", "t": "split"]))
        #expect(try await collector.value == ["split"])

        let events = try await server().events(id)
        #expect(events.filter { $0.hasPrefix("ws subscribed") }.count == 1, "\(events)")
        #expect(events.filter { $0 == "open" }.count == 2, "the query and the mutation did not go over HTTP: \(events)")
        #expect(!events.contains("subscribed"), "the subscription went over HTTP: \(events)")
    }
}
