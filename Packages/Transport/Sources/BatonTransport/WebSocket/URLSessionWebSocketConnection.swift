import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``WebSocketConnection`` over Foundation's `URLSessionWebSocketTask`: what a
/// ``GraphQLWebSocketTransport`` uses for `wss://` on Apple platforms, where the system does
/// the TLS and its trust evaluation (App Transport Security included).
///
/// Compiled on every platform so that it is type-checked on Linux too, but opened only on
/// Apple's: Linux's FoundationNetworking has no working WebSocket task. Its session has a
/// delegate queue of its own; the stream of messages is fed by one receive loop task.
/// Thread-safe: its state is behind a mutex.
final class URLSessionWebSocketConnection: NSObject, WebSocketConnection, URLSessionWebSocketDelegate, Sendable {
    let messages: AsyncThrowingStream<WebSocketMessage, any Error>
    private let feed: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation
    private let url: URL
    private let offered: [String]
    private struct State {
        var task: URLSessionWebSocketTask?
        var session: URLSession?
        var opening: CheckedContinuation<Void, any Error>?
        var receiving: Task<Void, Never>?
    }
    private let state = Mutex(State())

    private init(url: URL, offered: [String]) {
        self.url = url
        self.offered = offered
        (messages, feed) = AsyncThrowingStream<WebSocketMessage, any Error>.makeStream()
    }

    /// Opens a WebSocket to `url` with `configuration`'s subprotocols, headers, message size
    /// and handshake timeout. Extra trusted certificates are the own client's alone: asking
    /// for them here is ``WebSocketError/tlsUnavailable(_:)``.
    static func connect(to url: URL, configuration: WebSocketClient.Configuration) async throws
        -> URLSessionWebSocketConnection
    {
        guard configuration.tls.additionalTrustedCertificates.isEmpty, configuration.tls.trustsSystemRoots else {
            throw WebSocketError.tlsUnavailable(url)
        }
        let connection = URLSessionWebSocketConnection(url: url, offered: configuration.subprotocols)
        var request = URLRequest(url: url, timeoutInterval: configuration.handshakeTimeout)
        for (name, value) in configuration.headers { request.setValue(value, forHTTPHeaderField: name) }
        if !configuration.subprotocols.isEmpty {
            request.setValue(
                configuration.subprotocols.joined(separator: ", "), forHTTPHeaderField: "Sec-WebSocket-Protocol")
        }
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: .ephemeral, delegate: connection, delegateQueue: queue)
        let task = session.webSocketTask(with: request)
        task.maximumMessageSize = configuration.maximumMessageSize
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (opening: CheckedContinuation<Void, any Error>) in
                connection.state.withLock {
                    $0.task = task
                    $0.session = session
                    $0.opening = opening
                }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        connection.startReceiving(task)
        return connection
    }

    func send(_ message: WebSocketMessage) async throws {
        guard let task = state.withLock({ $0.task }) else {
            throw WebSocketError.connectionDropped(reason: "the connection is closed")
        }
        switch message {
        case .text(let text): try await task.send(.string(text))
        case .binary(let data): try await task.send(.data(data))
        case .close(let code, let reason): close(code: code ?? WebSocketCloseCode.normal, reason: reason)
        case .ping, .pong: break  // URLSession answers pings itself and sends its own.
        }
    }

    func close(code: UInt16, reason: String) {
        let task = state.withLock { $0.task }
        let closeCode = URLSessionWebSocketTask.CloseCode(rawValue: Int(code)) ?? .normalClosure
        task?.cancel(with: closeCode, reason: Data(reason.utf8))
    }

    func abort() {
        let (task, session, receiving) = state.withLock { ($0.task, $0.session, $0.receiving) }
        receiving?.cancel()
        task?.cancel()
        session?.invalidateAndCancel()
        feed.finish(throwing: WebSocketError.connectionDropped(reason: "the client dropped the connection"))
    }

    private func startReceiving(_ task: URLSessionWebSocketTask) {
        let feed = feed
        let receiving = Task {
            while !Task.isCancelled {
                do {
                    switch try await task.receive() {
                    case .string(let text): feed.yield(.text(text))
                    case .data(let data): feed.yield(.binary(data))
                    @unknown default: continue
                    }
                } catch {
                    // A close frame ends the receive with an error too: say it as the close it was.
                    if task.closeCode != .invalid {
                        let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
                        feed.yield(.close(code: UInt16(clamping: task.closeCode.rawValue), reason: reason))
                        feed.finish()
                    } else {
                        feed.finish(throwing: WebSocketError.connectionDropped(reason: error.localizedDescription))
                    }
                    return
                }
            }
        }
        state.withLock { $0.receiving = receiving }
    }

    // MARK: URLSessionWebSocketDelegate (on the session's delegate queue)

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol chosen: String?
    ) {
        let opening = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            defer { state.opening = nil }
            return state.opening
        }
        if offered.isEmpty || chosen.map(offered.contains) == true {
            opening?.resume()
        } else {
            webSocketTask.cancel(with: .protocolError, reason: nil)
            opening?.resume(throwing: WebSocketError.subprotocolRejected(url: url, offered: offered, chosen: chosen))
        }
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        feed.yield(
            .close(
                code: UInt16(clamping: closeCode.rawValue),
                reason: reason.map { String(decoding: $0, as: UTF8.self) } ?? ""))
        feed.finish()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let opening = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            defer { state.opening = nil }
            return state.opening
        }
        let status = (task.response as? HTTPURLResponse)?.statusCode
        if let opening {
            let reason = error.map { $0.localizedDescription } ?? "the server did not upgrade"
            opening.resume(throwing: WebSocketError.handshakeFailed(url: url, status: status, reason: reason))
        } else if let error {
            feed.finish(throwing: WebSocketError.connectionDropped(reason: error.localizedDescription))
        } else {
            feed.finish()
        }
    }
}
