import BatonNormalize
import BatonRecords
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `Transport` over the `graphql-transport-ws` WebSocket protocol: `connection_init` →
/// `connection_ack` → `subscribe`, then `next` payloads until `complete` (or `error`); pings
/// are answered.
///
/// On Apple platforms it uses `URLSessionWebSocketTask`, one connection per operation, with
/// the request's own headers on its upgrade. On Linux, where FoundationNetworking's WebSockets
/// need a libcurl built with them (Debian's is not), it forwards to a
/// ``GraphQLWebSocketTransport`` on the project's own RFC 6455 client: one connection shared
/// by every operation, whose upgrade carries the transport's `headers` only; its `wss://` goes
/// through OpenSSL, trusting the system's roots. Use ``GraphQLWebSocketTransport`` itself for
/// the legacy `graphql-ws` subprotocol, one connection on every platform, or an extra trusted
/// certificate authority on Linux (``WebSocketTLSConfiguration``).
///
/// Immutable: safe on any thread.
public struct WebSocketTransport: Transport {
    /// Whether this transport can open WebSockets here: true on every platform (through
    /// URLSession on Apple's, through ``WebSocketClient`` on Linux).
    public static var isSupported: Bool { true }

    public let url: URL
    public let headers: [String: String]
    /// The `connection_init` payload (authorization for many servers).
    public let connectionParameters: [String: JSONValue]

    #if canImport(FoundationNetworking)
    private let shared: GraphQLWebSocketTransport
    #endif

    public init(url: URL, headers: [String: String] = [:], connectionParameters: [String: JSONValue] = [:]) {
        self.url = url
        self.headers = headers
        self.connectionParameters = connectionParameters
        #if canImport(FoundationNetworking)
        shared = GraphQLWebSocketTransport(url: url, headers: headers, connectionParameters: connectionParameters)
        #endif
    }

    #if canImport(FoundationNetworking)
    public func send(_ request: GraphQLRequest) async throws -> Data {
        try await shared.send(request)
    }

    public func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        shared.payloads(for: request)
    }

    public func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error> {
        shared.events(for: request)
    }
    #else
    public func send(_ request: GraphQLRequest) async throws -> Data {
        for try await payload in payloads(for: request) { return payload }
        throw TransportError.noConnection(url: url, reason: "the server completed the operation without a payload")
    }

    public func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await run(request) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: Task.isCancelled ? TransportError.cancelled : error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func run(_ request: GraphQLRequest, yield: (Data) -> Void) async throws {
        var urlRequest = URLRequest(url: url)
        urlRequest.setValue("graphql-transport-ws", forHTTPHeaderField: "Sec-WebSocket-Protocol")
        for (name, value) in headers.merging(request.headers, uniquingKeysWith: { $1 }) {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let socket = URLSession.shared.webSocketTask(with: urlRequest)
        socket.resume()
        defer { socket.cancel(with: .normalClosure, reason: nil) }
        try await withTaskCancellationHandler {
            try await message(
                socket, ["type": .string("connection_init"), "payload": JSONValue.object(connectionParameters)])
            var payload: [(String, JSONValue)] = [("query", .string(request.document))]
            if let name = request.operationName { payload.append(("operationName", .string(name))) }
            payload.append(("variables", JSONValue.object(request.variables)))
            if !request.extensions.isEmpty { payload.append(("extensions", JSONValue.object(request.extensions))) }
            var subscribed = false
            while true {
                let incoming = try await socket.receive()
                let data: Data
                switch incoming {
                case .data(let bytes): data = bytes
                case .string(let text): data = Data(text.utf8)
                @unknown default: continue
                }
                guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                    let type = object["type"] as? String
                else {
                    throw TransportError.malformedStream(
                        url: url, reason: "a message that is not a JSON object with a type")
                }
                switch type {
                case "connection_ack" where !subscribed:
                    subscribed = true
                    try await message(
                        socket, ["type": .string("subscribe"), "id": .string("1"), "payload": .object(payload)])
                case "ping":
                    try await message(socket, ["type": .string("pong")])
                case "next":
                    guard let body = object["payload"] else { continue }
                    yield(try JSONSerialization.data(withJSONObject: body))
                case "error":
                    throw TransportError.subscriptionFailed(url: url, body: data)
                case "complete":
                    return
                default:
                    continue
                }
            }
        } onCancel: {
            socket.cancel(with: .goingAway, reason: nil)
        }
    }

    private func message(_ socket: URLSessionWebSocketTask, _ members: [String: JSONValue]) async throws {
        try await socket.send(.string(JSONValue.object(members).jsonText()))
    }
    #endif
}
