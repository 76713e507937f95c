import BatonNormalize
import BatonRecords
import BatonTransport
import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The GraphQL WebSocket transport against a server that breaks RFC 6455 or restarts: frames
/// a server must never send, a connection that ends inside a frame, a frame over the limit,
/// and a restart of the endpoint under live subscriptions.
extension GraphQLWebSocketAgainstTestServer {
    @Suite struct Robustness {
        static func url() throws -> URL {
            URL(string: "ws://127.0.0.1:\(try server().port)/graphql")!
        }

        /// A subscription whose server answers with the raw frame `kind` (websocket_endpoint.py).
        static func misbehaving(_ kind: String) -> GraphQLRequest {
            GraphQLRequest(
                document: GraphQLWebSocketAgainstTestServer.subscription, operationName: "Added", kind: .subscription,
                variables: ["c": .string("35")], extensions: ["test": .object(["raw": .string(kind)])])
        }

        /// The protocol error the stream of `request` failed with.
        static func violation(
            _ request: GraphQLRequest, headers: [String: String], maximumMessageSize: Int = 16 << 20
        ) async throws -> WebSocketProtocolError? {
            let transport = GraphQLWebSocketTransport(
                configuration: .init(url: try url(), headers: headers, maximumMessageSize: maximumMessageSize))
            do {
                for try await event in transport.events(for: request) {
                    if case .payload = event { Issue.record("a payload from a frame that breaks RFC 6455") }
                }
                Issue.record("the stream ended normally")
            } catch let error as WebSocketError {
                guard case .protocolViolation(let violation) = error else {
                    Issue.record("not a protocol violation: \(error)")
                    return nil
                }
                #expect(!error.isPermanent)
                return violation
            }
            return nil
        }

        @Test func maskedFrameFromTheServerIsRefusedWithClose1002() async throws {
            let id = UUID().uuidString
            let violation = try await Self.violation(Self.misbehaving("masked"), headers: ["X-Test-Id": id])
            #expect(violation == .masking(expected: false))
            #expect(try await server().waitFor("ws close code 1002", testID: id), "the client sent no close 1002")
        }

        @Test func connectionEndingInsideAFrameFailsAsTruncated() async throws {
            let violation = try await Self.violation(Self.misbehaving("truncated"), headers: [:])
            #expect(violation == .truncated(missing: 246))
        }

        @Test func frameOverTheLimitFailsBeforeItsPayloadWithClose1009() async throws {
            let id = UUID().uuidString
            let violation = try await Self.violation(
                Self.misbehaving("oversized"), headers: ["X-Test-Id": id], maximumMessageSize: 65_536)
            #expect(violation == .messageTooLarge(length: 1 << 20, limit: 65_536))
            #expect(try await server().waitFor("ws close code 1009", testID: id), "the client sent no close 1009")
        }

        @Test func fragmentedMessagesAreReassembledOverTheLegacyProtocolToo() async throws {
            let transport = try GraphQLWebSocketAgainstTestServer.transport(
                .graphqlWS, headers: ["X-Test-Fragment": "7"])
            var texts: [String] = []
            for try await payload in transport.payloads(
                for: GraphQLWebSocketAgainstTestServer.request(character: "36", burst: 300, completeAfter: 300))
            {
                texts.append(try GraphQLWebSocketAgainstTestServer.text(payload))
            }
            #expect(texts == (0..<300).map { "burst \($0)" })
        }
    }
}
