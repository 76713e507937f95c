import BatonTransport
import Foundation
import Testing

/// ``WebSocketClient`` alone against the test server's WebSocket endpoint.
extension GraphQLWebSocketAgainstTestServer {
    @Suite struct Client {
        static func url(_ path: String = "/graphql") throws -> URL {
            URL(string: "ws://127.0.0.1:\(try server().port)\(path)")!
        }

        @Test func negotiatesASubprotocolTheServerSpeaksAndClosesCleanly() async throws {
            let client = try await WebSocketClient.connect(
                to: try Self.url(),
                configuration: .init(subprotocols: ["no-such-protocol", "graphql-ws"]))
            defer { client.abort() }
            try #require(client.subprotocol == "graphql-ws")
            try await client.send(.text(#"{"type":"connection_init","payload":{}}"#))
            var received: [WebSocketMessage] = []
            for try await message in client.messages {
                received.append(message)
                if received.count == 2 { client.close() }
            }
            #expect(received.prefix(2) == [.text(#"{"type": "connection_ack"}"#), .text(#"{"type": "ka"}"#)])
            #expect(received.last == .close(code: 1000, reason: ""), "no close handshake: \(received)")
        }

        @Test func serverThatDoesNotUpgradeFailsTheHandshakeWithItsStatus() async throws {
            do {
                _ = try await WebSocketClient.connect(to: try Self.url("/health"))
                Issue.record("/health upgraded")
            } catch let error as WebSocketError {
                guard case .handshakeFailed(_, let status, _) = error else {
                    Issue.record("\(error)")
                    return
                }
                #expect(status == 200)
            }
        }

        @Test func nonWebSocketURLsAreRefusedPermanently() async throws {
            let url = URL(string: "http://127.0.0.1/graphql")!
            await #expect(throws: WebSocketError.invalidURL(url)) { _ = try await WebSocketClient.connect(to: url) }
            #expect(WebSocketError.invalidURL(url).isPermanent)
        }

        #if canImport(FoundationNetworking)
        @Test func webSocketTransportOnLinuxSpeaksThroughTheOwnClient() async throws {
            let transport = WebSocketTransport(url: try Self.url())
            var texts: [String] = []
            for try await payload in transport.payloads(
                for: GraphQLWebSocketAgainstTestServer.request(character: "30", burst: 3, completeAfter: 3))
            {
                texts.append(try GraphQLWebSocketAgainstTestServer.text(payload))
            }
            #expect(texts == ["burst 0", "burst 1", "burst 2"])
        }
        #endif
    }
}
