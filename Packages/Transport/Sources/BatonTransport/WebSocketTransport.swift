import BatonNormalize
import BatonRecords
import Foundation

/// A `Transport` over the `graphql-transport-ws` WebSocket protocol with a URL, headers and a
/// `connection_init` payload: a ``GraphQLWebSocketTransport`` with its other settings at their
/// defaults, on every platform.
///
/// Every operation shares one connection, whose upgrade carries `headers` (a request's own
/// headers cannot reach a connection other operations share). `ws://` goes through the
/// project's own RFC 6455 client everywhere; `wss://` through OpenSSL on Linux and
/// `URLSessionWebSocketTask` on Apple platforms, trusting the system's roots. Use
/// ``GraphQLWebSocketTransport`` itself for the legacy `graphql-ws` subprotocol, keepalive
/// and size settings, or an extra trusted certificate authority on Linux
/// (``WebSocketTLSConfiguration``).
///
/// Immutable: safe on any thread.
public struct WebSocketTransport: Transport {
    /// Whether this transport can open WebSockets here: true on every platform.
    public static var isSupported: Bool { true }

    public let url: URL
    public let headers: [String: String]
    /// The `connection_init` payload (authorization for many servers).
    public let connectionParameters: [String: JSONValue]
    private let shared: GraphQLWebSocketTransport

    public init(url: URL, headers: [String: String] = [:], connectionParameters: [String: JSONValue] = [:]) {
        self.url = url
        self.headers = headers
        self.connectionParameters = connectionParameters
        shared = GraphQLWebSocketTransport(url: url, headers: headers, connectionParameters: connectionParameters)
    }

    public func send(_ request: GraphQLRequest) async throws -> Data {
        try await shared.send(request)
    }

    public func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        shared.payloads(for: request)
    }

    public func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error> {
        shared.events(for: request)
    }
}
