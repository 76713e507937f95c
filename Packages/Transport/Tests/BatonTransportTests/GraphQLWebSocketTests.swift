import BatonNormalize
import BatonRecords
import BatonTransport
import Foundation
import Testing

/// The GraphQL WebSocket transport against the test server's WebSocket endpoint, over both
/// subprotocols.
@Suite(.testServer)
struct GraphQLWebSocketAgainstTestServer {
    static let subscription = "subscription Added($c: ID!) { noteAdded(characterId: $c) { id text } }"

    static func transport(
        _ subprotocol: GraphQLWebSocketProtocol, headers: [String: String],
        connectionParameters: [String: JSONValue] = [:]
    ) throws -> GraphQLWebSocketTransport {
        var components = URLComponents(url: try server().graphQLURL, resolvingAgainstBaseURL: false)!
        components.scheme = "ws"
        return GraphQLWebSocketTransport(
            url: components.url!, subprotocol: subprotocol, headers: headers,
            connectionParameters: connectionParameters)
    }

    static func request(character: String, burst: Int = 0, completeAfter: Int = 0) -> GraphQLRequest {
        GraphQLRequest(
            document: subscription, operationName: "Added", kind: .subscription,
            variables: ["c": .string(character)],
            extensions: ["test": .object(["burst": .int(burst), "completeAfter": .int(completeAfter)])])
    }

    static func text(_ payload: Data) throws -> String {
        try #require(value(try json(payload), "data", "noteAdded", "text") as? String, "no noteAdded.text")
    }

    @Test(arguments: GraphQLWebSocketProtocol.allCases)
    func eventsArriveAfterConnectedUntilTheServerCompletes(_ subprotocol: GraphQLWebSocketProtocol) async throws {
        let id = UUID().uuidString
        let character = subprotocol == .graphqlTransportWS ? "21" : "22"
        let transport = try Self.transport(
            subprotocol, headers: ["X-Test-Id": id, "X-Test-Require-Token": "sesame"],
            connectionParameters: ["authorization": .string("Bearer sesame")])
        let collector = Task {
            var seen: [String] = []
            for try await event in transport.events(for: Self.request(character: character, completeAfter: 2)) {
                switch event {
                case .connected: seen.append("connected")
                case .payload(let data): seen.append(try Self.text(data))
                }
            }
            return seen
        }
        #expect(try await server().waitFor("ws subscribed", testID: id), "the subscription never reached the server")
        let http = try AgainstTestServer.transport()
        for text in ["first", "second"] {
            _ = try await http.send(
                GraphQLRequest(
                    document: "mutation Add($c: ID!, $t: String!) { addNote(characterId: $c, text: $t) { id } }",
                    operationName: "Add", kind: .mutation, variables: ["c": .string(character), "t": .string(text)]))
        }
        #expect(try await collector.value == ["connected", "first", "second"])
        let events = try await server().events(id)
        #expect(events.contains("ws open \(subprotocol.rawValue)"))
        #expect(events.contains(#"ws init {"authorization": "Bearer sesame"}"#))
    }

    @Test(arguments: GraphQLWebSocketProtocol.allCases)
    func thousandEventsArriveInOrder(_ subprotocol: GraphQLWebSocketProtocol) async throws {
        let transport = try Self.transport(subprotocol, headers: [:])
        var texts: [String] = []
        for try await payload in transport.payloads(
            for: Self.request(character: "23", burst: 1000, completeAfter: 1000))
        {
            texts.append(try Self.text(payload))
        }
        #expect(texts == (0..<1000).map { "burst \($0)" })
    }

    @Test(arguments: GraphQLWebSocketProtocol.allCases)
    func concurrentSubscriptionsShareOneConnection(_ subprotocol: GraphQLWebSocketProtocol) async throws {
        let id = UUID().uuidString
        let transport = try Self.transport(subprotocol, headers: ["X-Test-Id": id])
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    var count = 0
                    for try await _ in transport.payloads(
                        for: Self.request(character: "24", burst: 50, completeAfter: 50))
                    {
                        count += 1
                    }
                    return count
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == [50, 50, 50])
        #expect(try await server().events(id).filter { $0.hasPrefix("ws open") }.count == 1)
    }

    @Test(arguments: GraphQLWebSocketProtocol.allCases)
    func queryIsAnsweredWithItsDataOverTheConnection(_ subprotocol: GraphQLWebSocketProtocol) async throws {
        let transport = try Self.transport(subprotocol, headers: [:])
        let body = try await transport.send(GraphQLRequest(document: "query { character(id: 1) { name } }"))
        #expect(value(try json(body), "data", "character", "name") as? String == "Rick Sanchez")
    }

    @Test func fragmentedMessagesAreReassembled() async throws {
        let transport = try Self.transport(.graphqlTransportWS, headers: ["X-Test-Fragment": "9"])
        var texts: [String] = []
        for try await payload in transport.payloads(for: Self.request(character: "25", burst: 5, completeAfter: 5)) {
            texts.append(try Self.text(payload))
        }
        #expect(texts == (0..<5).map { "burst \($0)" })
    }

    @Test(arguments: GraphQLWebSocketProtocol.allCases)
    func droppedConnectionFailsTheStreamWithATransientError(_ subprotocol: GraphQLWebSocketProtocol) async throws {
        let transport = try Self.transport(subprotocol, headers: ["X-Test-Drop-After": "3"])
        var count = 0
        do {
            for try await _ in transport.payloads(for: Self.request(character: "26", burst: 10, completeAfter: 10)) {
                count += 1
            }
            Issue.record("the stream ended normally after \(count) events")
        } catch let error as WebSocketError {
            guard case .connectionDropped = error else {
                Issue.record("not a drop: \(error)")
                return
            }
            #expect(!error.isPermanent)
        }
        #expect(count <= 3)
    }

    @Test func refusedConnectionInitFailsPermanently() async throws {
        let transport = try Self.transport(
            .graphqlTransportWS, headers: ["X-Test-Require-Token": "sesame"],
            connectionParameters: ["authorization": .string("Bearer wrong")])
        do {
            for try await _ in transport.events(for: Self.request(character: "27")) {
                Issue.record("an event after a refused connection_init")
            }
            Issue.record("the stream ended normally")
        } catch let error as WebSocketError {
            #expect(error == .closed(code: 4403, reason: "Forbidden"))
            #expect(error.isPermanent)
        }
    }

    @Test func serverPingsAreAnsweredSoAnIdleSubscriptionStaysOpen() async throws {
        let id = UUID().uuidString
        let transport = try Self.transport(.graphqlTransportWS, headers: ["X-Test-Id": id])
        let collector = Task { () async throws -> String? in
            for try await payload in transport.payloads(for: Self.request(character: "28", completeAfter: 1)) {
                return try Self.text(payload)
            }
            return nil
        }
        #expect(try await server().waitFor("ws subscribed", testID: id))
        // The server pings every 0.3 s and drops a connection whose pong is 1 s late.
        try await Task.sleep(for: .seconds(2))
        #expect(try await !server().events(id).contains("ws closed"), "the server dropped the connection")
        _ = try await AgainstTestServer.transport().send(
            GraphQLRequest(
                document: "mutation Add($c: ID!, $t: String!) { addNote(characterId: $c, text: $t) { id } }",
                operationName: "Add", kind: .mutation, variables: ["c": .string("28"), "t": .string("still here")]))
        #expect(try await collector.value == "still here")
    }

    @Test func droppingTheLastOperationCompletesItAndClosesTheConnection() async throws {
        let id = UUID().uuidString
        let transport = try Self.transport(.graphqlTransportWS, headers: ["X-Test-Id": id])
        let consumer = Task {
            for try await _ in transport.events(for: Self.request(character: "29")) {}
        }
        #expect(try await server().waitFor("ws subscribed", testID: id))
        consumer.cancel()
        #expect(try await server().waitFor("ws stopped 1", testID: id), "no complete reached the server")
        #expect(try await server().waitFor("ws closed", testID: id), "the idle connection stayed open")
    }
}
