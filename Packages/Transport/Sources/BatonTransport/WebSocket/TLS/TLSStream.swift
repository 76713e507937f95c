#if os(Linux) && canImport(COpenSSL)
import Foundation
import Glibc

/// TLS over a connected ``TCPSocket`` (`wss://` on Linux), through one ``TLSHandle``.
///
/// The socket keeps its blocking reads, timeouts and SIGPIPE-free writes; this type moves the
/// session's bytes between it and the handle. The reader thread waits in the socket's `read`
/// holding no lock, so it never holds up the write queue; `writeLock` keeps the session's
/// output in order on the wire when a write and the reader (a TLS 1.3 key update) both have
/// some. `shutdown` ends the socket, which wakes a blocked read.
final class TLSStream: WebSocketByteStream {
    private let socket: TCPSocket
    private let tls: TLSHandle
    private let writeLock = NSLock()

    private init(socket: TCPSocket, tls: TLSHandle) {
        self.socket = socket
        self.tls = tls
    }

    /// Runs the TLS handshake with `host` over `socket`, within `timeout` seconds per read.
    static func open(
        over socket: TCPSocket, host: String, configuration: WebSocketTLSConfiguration, timeout: TimeInterval
    ) throws(WebSocketError) -> TLSStream {
        let stream = TLSStream(socket: socket, tls: try TLSHandle(host: host, configuration: configuration))
        socket.setTimeout(SO_RCVTIMEO, timeout)
        defer { socket.setTimeout(SO_RCVTIMEO, nil) }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let progress = try stream.tls.handshake()
            try stream.flush()
            switch progress {
            case .done: return stream
            case .closed: throw .tlsHandshakeFailed(host: host, reason: "the server closed during the TLS handshake")
            case .wantRead:
                let count: Int
                do { count = try socket.read(into: &buffer) } catch .timedOut {
                    throw .timedOut(waitingFor: "TLS handshake", after: timeout)
                }
                guard count > 0 else {
                    throw .tlsHandshakeFailed(host: host, reason: "the server closed during the TLS handshake")
                }
                stream.tls.feed(buffer[0..<count])
            }
        }
    }

    func write(_ bytes: [UInt8]) throws(WebSocketError) {
        writeLock.lock()
        defer { writeLock.unlock() }
        switch try tls.write(bytes, from: 0) {
        case .done: break
        case .closed: throw .connectionDropped(reason: "write failed: the TLS session is closed")
        case .wantRead: throw .connectionDropped(reason: "write failed: the server asked for a TLS renegotiation")
        }
        try socket.write(tls.takeOutput())
    }

    func read(into buffer: inout [UInt8]) throws(WebSocketError) -> Int {
        var network = [UInt8](repeating: 0, count: 16_384)
        while true {
            let progress = try tls.read(into: &buffer)
            try flush()
            switch progress {
            case .done(let count): return count
            case .closed: return 0
            case .wantRead:
                let count = try socket.read(into: &network)
                if count == 0 { return 0 }
                tls.feed(network[0..<count])
            }
        }
    }

    func setReadTimeout(_ seconds: TimeInterval?) {
        socket.setTimeout(SO_RCVTIMEO, seconds)
    }

    func shutdown() {
        socket.shutdown()
    }

    /// Sends what the session has for the network, in order with the writes.
    private func flush() throws(WebSocketError) {
        writeLock.lock()
        defer { writeLock.unlock() }
        let output = tls.takeOutput()
        if !output.isEmpty { try socket.write(output) }
    }
}
#endif
