#if os(Linux) && canImport(COpenSSL)
import Foundation
import Glibc
import Synchronization

/// TLS over a connected ``TCPSocket`` (`wss://` on Linux), through one ``TLSHandle``.
///
/// The socket is made non-blocking; a call that needs it readable or writable waits in
/// `poll(2)` without holding the handle's lock, so the reader thread's wait for data never
/// holds up the write queue. `shutdown` ends the socket, which wakes such a wait.
final class TLSStream: WebSocketByteStream {
    private let socket: TCPSocket
    private let tls: TLSHandle
    private let readTimeout = Mutex<TimeInterval?>(nil)

    private init(socket: TCPSocket, tls: TLSHandle) {
        self.socket = socket
        self.tls = tls
    }

    /// Runs the TLS handshake with `host` over `socket`, within `timeout` seconds.
    static func open(
        over socket: TCPSocket, host: String, configuration: WebSocketTLSConfiguration, timeout: TimeInterval
    ) throws(WebSocketError) -> TLSStream {
        let flags = fcntl(socket.descriptor, F_GETFL)
        _ = fcntl(socket.descriptor, F_SETFL, flags | O_NONBLOCK)
        let stream = TLSStream(
            socket: socket, tls: try TLSHandle(descriptor: socket.descriptor, host: host, configuration: configuration))
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let progress = try stream.tls.handshake()
            let left = deadline.timeIntervalSinceNow
            switch progress {
            case .done: return stream
            case .closed: throw .tlsHandshakeFailed(host: host, reason: "the server closed during the TLS handshake")
            case .wantRead: try stream.wait(for: Int16(POLLIN), within: left, what: "TLS handshake", total: timeout)
            case .wantWrite: try stream.wait(for: Int16(POLLOUT), within: left, what: "TLS handshake", total: timeout)
            }
        }
    }

    func write(_ bytes: [UInt8]) throws(WebSocketError) {
        var sent = 0
        while sent < bytes.count {
            switch try tls.write(bytes, from: sent) {
            case .done(let count): sent += count
            case .closed: throw .connectionDropped(reason: "write failed: the TLS session is closed")
            case .wantRead: try wait(for: Int16(POLLIN), within: nil, what: "TLS write", total: 0)
            case .wantWrite: try wait(for: Int16(POLLOUT), within: nil, what: "TLS write", total: 0)
            }
        }
    }

    func read(into buffer: inout [UInt8]) throws(WebSocketError) -> Int {
        let timeout = readTimeout.withLock { $0 }
        while true {
            switch try tls.read(into: &buffer) {
            case .done(let count): return count
            case .closed: return 0
            case .wantRead: try wait(for: Int16(POLLIN), within: timeout, what: "data", total: 0)
            case .wantWrite: try wait(for: Int16(POLLOUT), within: timeout, what: "data", total: 0)
            }
        }
    }

    func setReadTimeout(_ seconds: TimeInterval?) {
        readTimeout.withLock { $0 = seconds }
    }

    /// Ends the socket (no close_notify: the WebSocket close handshake came before).
    func shutdown() {
        socket.shutdown()
    }

    /// Waits until the socket is ready for `events` (or hung up: the next call tells);
    /// throws `.timedOut` after `seconds` (nil: no bound).
    private func wait(for events: Int16, within seconds: TimeInterval?, what: String, total: TimeInterval)
        throws(WebSocketError)
    {
        var entry = pollfd(fd: socket.descriptor, events: events, revents: 0)
        let milliseconds = seconds.map { Int32(clamping: Int(max(0, $0) * 1000)) } ?? -1
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready == 0 { throw .timedOut(waitingFor: what, after: total) }
            if errno != EINTR {
                throw .connectionDropped(reason: "poll failed: \(String(cString: strerror(errno)))")
            }
        }
    }
}
#endif
