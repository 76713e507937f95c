import BatonNormalize
import BatonRecords
import Foundation
import Synchronization

/// A `Transport` over GraphQL-over-WebSocket (`graphql-transport-ws` or the legacy
/// `graphql-ws`), on the project's own ``WebSocketClient`` (on Linux, and for `ws://` on Apple
/// platforms) or, for `wss://` on Apple platforms, on `URLSessionWebSocketTask`, which brings
/// the system's TLS.
///
/// Every operation shares one connection, opened for the first and closed after the last:
/// `connection_init` (with ``Configuration/connectionParameters``, often authorization), then
/// `connection_ack`, then one `subscribe` (`start`) per operation. ``events(for:)`` yields
/// `.connected` on the acknowledgement, then each `next` (`data`) payload, and ends on
/// `complete`; an `error` message fails the operation with
/// ``TransportError/subscriptionFailed(url:body:)``. When the connection drops, every
/// operation on it fails with a non-permanent ``WebSocketError`` (a subscription's retry opens
/// a new one); a server's close 4400–4499 (but 4408 and 4429) is permanent. Dropping an
/// operation's sequence sends `complete` (`stop`).
///
/// Thread-safe: start operations from any task; the connection lives in an actor.
public final class GraphQLWebSocketTransport: Transport, Sendable {
    /// What the transport connects with. A value: safe on any thread.
    public struct Configuration: Sendable {
        /// The endpoint, `ws://` or `wss://` (TLS through OpenSSL on Linux only; see
        /// ``WebSocketClient``).
        public var url: URL
        /// The subprotocol offered; the server must choose it.
        public var subprotocol: GraphQLWebSocketProtocol
        /// Headers of the upgrade request.
        public var headers: [String: String]
        /// The `connection_init` payload, asked for each time a connection opens (so a
        /// refreshed token reaches a reconnection).
        public var connectionParameters: @Sendable () async throws -> [String: JSONValue]
        /// How long the handshake and then `connection_ack` may take, in seconds each.
        public var acknowledgementTimeout: TimeInterval
        /// How often a `ping` goes out (`graphql-transport-ws` only); nil for never.
        public var pingInterval: TimeInterval?
        /// The longest message accepted, in bytes.
        public var maximumMessageSize: Int
        /// Whom a `wss://` connection trusts: the system's roots by default, and extra CAs.
        public var tls: WebSocketTLSConfiguration

        public init(
            url: URL, subprotocol: GraphQLWebSocketProtocol = .graphqlTransportWS, headers: [String: String] = [:],
            connectionParameters: [String: JSONValue] = [:], acknowledgementTimeout: TimeInterval = 10,
            pingInterval: TimeInterval? = 15, maximumMessageSize: Int = 16 << 20,
            tls: WebSocketTLSConfiguration = WebSocketTLSConfiguration()
        ) {
            self.tls = tls
            self.url = url
            self.subprotocol = subprotocol
            self.headers = headers
            self.connectionParameters = { connectionParameters }
            self.acknowledgementTimeout = acknowledgementTimeout
            self.pingInterval = pingInterval
            self.maximumMessageSize = maximumMessageSize
        }
    }

    /// What it was made with.
    public let configuration: Configuration
    private let session: GraphQLWebSocketSession
    private let nextID = Atomic<Int>(1)

    public init(configuration: Configuration) {
        self.configuration = configuration
        session = GraphQLWebSocketSession(configuration: configuration)
    }

    /// A transport for `url` speaking `subprotocol`, sending `connectionParameters` in
    /// `connection_init`.
    public convenience init(
        url: URL, subprotocol: GraphQLWebSocketProtocol = .graphqlTransportWS, headers: [String: String] = [:],
        connectionParameters: [String: JSONValue] = [:]
    ) {
        self.init(
            configuration: Configuration(
                url: url, subprotocol: subprotocol, headers: headers, connectionParameters: connectionParameters))
    }

    /// The first payload of the operation (a query or mutation's whole answer).
    public func send(_ request: GraphQLRequest) async throws -> Data {
        for try await payload in payloads(for: request) { return payload }
        throw WebSocketError.closed(code: nil, reason: "the server completed the operation without a payload")
    }

    public func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        let events = events(for: request)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await event in events {
                        if case .payload(let data) = event { continuation.yield(data) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error> {
        let id = String(nextID.wrappingAdd(1, ordering: .relaxed).oldValue)
        let session = session
        return AsyncThrowingStream { continuation in
            let task = Task { await session.start(id: id, request: request, events: continuation) }
            continuation.onTermination = { _ in
                task.cancel()
                Task {
                    await task.value
                    await session.stop(id: id)
                }
            }
        }
    }

    /// Closes the shared connection now; every open operation ends, and the next one opens
    /// a new connection.
    public func close() async {
        await session.close()
    }
}
