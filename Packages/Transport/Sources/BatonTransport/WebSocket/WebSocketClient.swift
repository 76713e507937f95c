import Foundation
import Synchronization

/// An RFC 6455 WebSocket client over a POSIX TCP socket (`ws://`), for Linux where
/// FoundationNetworking has no WebSockets, and usable on every platform; `wss://` goes through
/// the system's OpenSSL on Linux (``Configuration/tls`` says whom to trust) and fails with
/// ``WebSocketError/tlsUnavailable(_:)`` elsewhere, where ``GraphQLWebSocketTransport`` opens
/// `wss://` through `URLSessionWebSocketTask` instead.
///
/// ``connect(to:configuration:)`` opens the socket and runs the HTTP/1.1 upgrade handshake
/// (key, `Sec-WebSocket-Accept`, subprotocol) on a dedicated thread, which then reads the
/// connection until it ends: it answers pings with pongs, echoes the server's close, and
/// yields each text and binary message, and a final ``WebSocketMessage/close(code:reason:)``,
/// to ``messages``. Writes go through a serial dispatch queue. No blocking call runs on Swift
/// concurrency's cooperative threads.
///
/// Thread-safe: send and close from any task. ``messages`` has one consumer; dropping it
/// closes the connection.
public final class WebSocketClient: Sendable {
    /// What a connection is opened with. A value: safe on any thread.
    public struct Configuration: Sendable {
        /// The subprotocols offered, in order of preference (`Sec-WebSocket-Protocol`).
        public var subprotocols: [String]
        /// Extra headers of the upgrade request (authorization, cookies).
        public var headers: [String: String]
        /// The longest message accepted; a longer one fails the connection (close 1009).
        public var maximumMessageSize: Int
        /// The longest wait for the TCP connection and the server's 101 answer, in seconds.
        public var handshakeTimeout: TimeInterval
        /// How long a close waits for the server's close before dropping the socket, in seconds.
        public var closeTimeout: TimeInterval
        /// Whom a `wss://` connection trusts; unused for `ws://`.
        public var tls: WebSocketTLSConfiguration

        public init(
            subprotocols: [String] = [], headers: [String: String] = [:], maximumMessageSize: Int = 16 << 20,
            handshakeTimeout: TimeInterval = 10, closeTimeout: TimeInterval = 2,
            tls: WebSocketTLSConfiguration = WebSocketTLSConfiguration()
        ) {
            self.tls = tls
            self.subprotocols = subprotocols
            self.headers = headers
            self.maximumMessageSize = maximumMessageSize
            self.handshakeTimeout = handshakeTimeout
            self.closeTimeout = closeTimeout
        }
    }

    /// The URL connected to.
    public let url: URL
    /// The subprotocol the server chose, nil when none was offered.
    public let subprotocol: String?
    /// The server's text and binary messages in order, then its close frame, if it sent one.
    /// Ends normally after a close handshake; throws a ``WebSocketError`` when the connection
    /// dropped or broke the protocol.
    public let messages: AsyncThrowingStream<WebSocketMessage, any Error>

    private let socket: any WebSocketByteStream
    private let configuration: Configuration
    private let continuation: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation
    private let writeQueue = DispatchQueue(label: "baton.websocket.write")
    private let writer = WebSocketFrameWriter(masks: true)
    private let closeSent = Mutex(false)

    private init(url: URL, subprotocol: String?, socket: any WebSocketByteStream, configuration: Configuration) {
        self.url = url
        self.subprotocol = subprotocol
        self.socket = socket
        self.configuration = configuration
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    /// Connects to `url` (`ws://host[:port]/path`, or `wss://` where TLS is available), runs
    /// the TLS handshake for `wss://`, and completes the opening handshake. Throws a
    /// ``WebSocketError``.
    public static func connect(to url: URL, configuration: Configuration = Configuration()) async throws
        -> WebSocketClient
    {
        guard let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss", let host = url.host,
            !host.isEmpty
        else { throw WebSocketError.invalidURL(url) }
        #if !(os(Linux) && canImport(COpenSSL))
        guard scheme == "ws" else { throw WebSocketError.tlsUnavailable(url) }
        #endif
        let port = url.port ?? (scheme == "wss" ? 443 : 80)
        let handshake = WebSocketHandshake(
            url: url, host: host, port: port, subprotocols: configuration.subprotocols,
            headers: configuration.headers)
        return try await withCheckedThrowingContinuation { (opened: CheckedContinuation<WebSocketClient, any Error>) in
            let thread = Thread {
                let socket: any WebSocketByteStream
                let client: WebSocketClient
                var parser = WebSocketFrameParser(maximumMessageSize: configuration.maximumMessageSize)
                do {
                    socket = try openStream(
                        secure: scheme == "wss", host: host, port: port, configuration: configuration)
                    let (chosen, rest) = try shake(handshake, over: socket, timeout: configuration.handshakeTimeout)
                    parser.append(rest)
                    client = WebSocketClient(
                        url: url, subprotocol: chosen, socket: socket, configuration: configuration)
                } catch {
                    opened.resume(throwing: error)
                    return
                }
                client.continuation.onTermination = { [weak client] _ in client?.socket.shutdown() }
                opened.resume(returning: client)
                client.readLoop(parser)
            }
            thread.name = "baton.websocket.read"
            thread.start()
        }
    }

    /// Sends a text or binary message (a ping or pong too). Throws
    /// ``WebSocketError/closed(code:reason:)`` after a close, or the write's failure.
    public func send(_ message: WebSocketMessage) async throws {
        if case .close(let code, let reason) = message {
            close(code: code ?? WebSocketCloseCode.normal, reason: reason)
            return
        }
        if closeSent.withLock({ $0 }) { throw WebSocketError.closed(code: nil, reason: "the client closed it") }
        let bytes = writer.encode(message)
        try await withCheckedThrowingContinuation { (written: CheckedContinuation<Void, any Error>) in
            writeQueue.async { [socket] in
                do {
                    try socket.write(bytes)
                    written.resume()
                } catch {
                    written.resume(throwing: error)
                }
            }
        }
    }

    /// Starts the closing handshake: sends a close frame once, then drops the socket when the
    /// server has not answered within ``Configuration/closeTimeout``. ``messages`` ends.
    public func close(code: UInt16 = WebSocketCloseCode.normal, reason: String = "") {
        let first = closeSent.withLock { sent in
            defer { sent = true }
            return !sent
        }
        guard first else { return }
        let bytes = writer.encode(.close(code: code, reason: reason))
        writeQueue.async { [socket] in try? socket.write(bytes) }
        writeQueue.asyncAfter(deadline: .now() + configuration.closeTimeout) { [socket] in socket.shutdown() }
    }

    /// Drops the socket at once, without a close frame (for cancellation).
    public func abort() {
        closeSent.withLock { $0 = true }
        socket.shutdown()
    }

    private func readLoop(_ initial: WebSocketFrameParser) {
        var parser = initial
        var buffer = [UInt8](repeating: 0, count: 65_536)
        do {
            while true {
                while let message = try parser.next() {
                    if try handle(message) { return }
                }
                let count = try socket.read(into: &buffer)
                if count == 0 {
                    try parser.finish()
                    let reason =
                        closeSent.withLock({ $0 })
                        ? "the client closed it" : "the server ended the connection without a close frame"
                    continuation.finish(throwing: WebSocketError.connectionDropped(reason: reason))
                    return
                }
                parser.append(buffer[0..<count])
            }
        } catch let error as WebSocketProtocolError {
            fail(code: error.closeCode)
            continuation.finish(throwing: WebSocketError.protocolViolation(error))
        } catch {
            socket.shutdown()
            continuation.finish(throwing: error)
        }
    }

    /// Fails the connection (RFC 6455 section 7.1.7): the close frame is on the wire before the
    /// stream ends, so an ``abort()`` that follows cannot overtake it; the socket goes after.
    private func fail(code: UInt16) {
        let first = closeSent.withLock { sent in
            defer { sent = true }
            return !sent
        }
        let bytes = writer.encode(.close(code: code, reason: ""))
        writeQueue.sync { [socket] in
            if first { try? socket.write(bytes) }
        }
        writeQueue.asyncAfter(deadline: .now() + configuration.closeTimeout) { [socket] in socket.shutdown() }
    }

    /// Handles one message on the reader thread; true when the connection is done.
    private func handle(_ message: WebSocketMessage) throws -> Bool {
        switch message {
        case .ping(let data):
            let pong = writer.encode(.pong(data))
            writeQueue.async { [socket] in try? socket.write(pong) }
            return false
        case .pong:
            return false
        case .close(let code, _):
            close(code: code ?? WebSocketCloseCode.normal, reason: "")
            continuation.yield(message)
            continuation.finish()
            writeQueue.async { [socket] in socket.shutdown() }
            return true
        case .text, .binary:
            continuation.yield(message)
            return false
        }
    }
}

/// The TCP connection to `host`, with TLS over it when `secure`.
private func openStream(secure: Bool, host: String, port: Int, configuration: WebSocketClient.Configuration)
    throws(WebSocketError) -> any WebSocketByteStream
{
    let socket = try TCPSocket.connect(host: host, port: port, timeout: configuration.handshakeTimeout)
    guard secure else { return socket }
    #if os(Linux) && canImport(COpenSSL)
    return try TLSStream.open(
        over: socket, host: host, configuration: configuration.tls, timeout: configuration.handshakeTimeout)
    #else
    throw .tlsUnavailable(URL(string: "wss://\(host):\(port)")!)
    #endif
}

/// Sends the upgrade request and reads the answer's head; answers the chosen subprotocol
/// and the bytes read past the head (the first frames).
private func shake(_ handshake: WebSocketHandshake, over socket: any WebSocketByteStream, timeout: TimeInterval)
    throws(WebSocketError)
    -> (String?, [UInt8])
{
    socket.setReadTimeout(timeout)
    defer { socket.setReadTimeout(nil) }
    try socket.write(handshake.request)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let terminator: [UInt8] = [13, 10, 13, 10]
    while true {
        if let end = received.firstRange(of: terminator) {
            let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
            return (try handshake.validate(responseHead: head), Array(received[end.upperBound...]))
        }
        guard received.count < 65_536 else {
            throw .handshakeFailed(url: handshake.url, status: nil, reason: "a response head over 64 KiB")
        }
        let count: Int
        do { count = try socket.read(into: &buffer) } catch .timedOut {
            throw .timedOut(waitingFor: "WebSocket handshake answer", after: timeout)
        }
        guard count > 0 else {
            throw .handshakeFailed(url: handshake.url, status: nil, reason: "the server closed before answering")
        }
        received.append(contentsOf: buffer[0..<count])
    }
}
