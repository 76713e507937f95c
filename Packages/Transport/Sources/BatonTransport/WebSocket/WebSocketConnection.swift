import Foundation

/// One open WebSocket that a ``GraphQLWebSocketTransport`` talks over: the project's own
/// ``WebSocketClient`` (Linux, or a `ws://` URL anywhere) or Foundation's
/// `URLSessionWebSocketTask` (Apple platforms, where it brings the system's TLS).
///
/// Thread-safe: every member may be called from any task.
protocol WebSocketConnection: AnyObject, Sendable {
    /// The messages read off the connection, in order; ends after the server's close frame
    /// or throws when the connection fails.
    var messages: AsyncThrowingStream<WebSocketMessage, any Error> { get }
    /// Writes one message.
    func send(_ message: WebSocketMessage) async throws
    /// Starts the closing handshake with `code` and `reason`.
    func close(code: UInt16, reason: String)
    /// Drops the connection at once.
    func abort()
}

extension WebSocketClient: WebSocketConnection {}

/// How a ``GraphQLWebSocketTransport`` opens its connection on this platform.
enum WebSocketConnector {
    /// Opens a connection to `url` offering `subprotocol`, under `configuration`.
    static func connect(
        to url: URL, configuration: GraphQLWebSocketTransport.Configuration
    ) async throws -> any WebSocketConnection {
        let client = WebSocketClient.Configuration(
            subprotocols: [configuration.subprotocol.rawValue], headers: configuration.headers,
            maximumMessageSize: configuration.maximumMessageSize,
            handshakeTimeout: configuration.acknowledgementTimeout, tls: configuration.tls)
        #if canImport(FoundationNetworking)
        // Linux: FoundationNetworking's WebSocket task needs a libcurl built with WebSocket
        // support, which Debian's is not; the own client carries ws:// and wss:// (OpenSSL).
        return try await WebSocketClient.connect(to: url, configuration: client)
        #else
        // Apple platforms: the own client has no TLS there, so wss:// goes through
        // URLSessionWebSocketTask with the system's trust evaluation.
        if url.scheme?.lowercased() == "wss" {
            return try await URLSessionWebSocketConnection.connect(to: url, configuration: client)
        }
        return try await WebSocketClient.connect(to: url, configuration: client)
        #endif
    }
}
