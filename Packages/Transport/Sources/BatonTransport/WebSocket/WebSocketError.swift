import BatonNormalize
import Foundation

/// Why a WebSocket connection could not be opened or went away, from ``WebSocketClient``
/// and the GraphQL WebSocket transport.
///
/// Each case names what a log needs to act on it. A value: safe on any thread.
public enum WebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL is not `ws://` (or `wss://`) with a host.
    case invalidURL(URL)
    /// `wss://` that cannot be carried: ``WebSocketClient`` opened directly on an Apple platform
    /// (its TLS is OpenSSL's, on Linux), or extra trusted certificates asked of
    /// `URLSessionWebSocketTask`, which ``GraphQLWebSocketTransport`` uses there.
    case tlsUnavailable(URL)
    /// The server's certificate failed verification: OpenSSL's verify result `code`
    /// (`X509_V_ERR_…`: an untrusted issuer, a host name or IP address it does not name, an
    /// expired certificate) and its text. Permanent: trying again meets the same certificate.
    case certificateRejected(host: String, code: Int, reason: String)
    /// The TLS handshake with `host` failed for another reason than the certificate (no common
    /// protocol version or cipher, a server that is not speaking TLS), with OpenSSL's errors.
    case tlsHandshakeFailed(host: String, reason: String)
    /// An extra trusted certificate of ``WebSocketTLSConfiguration`` that is no PEM certificate.
    case invalidTrustedCertificate(reason: String)
    /// The TCP connection could not be made (`errno` and its text; 0 when the name did not resolve).
    case connectFailed(host: String, port: Int, errno: Int32, reason: String)
    /// The server did not upgrade: its status line, or what in its answer broke RFC 6455.
    case handshakeFailed(url: URL, status: Int?, reason: String)
    /// The server chose no subprotocol, or one not offered.
    case subprotocolRejected(url: URL, offered: [String], chosen: String?)
    /// The server's frames broke RFC 6455; the client closed with ``WebSocketProtocolError/closeCode``.
    case protocolViolation(WebSocketProtocolError)
    /// The peer closed the connection with this code and reason while it was still needed.
    case closed(code: UInt16?, reason: String)
    /// The connection ended without a close frame (the server went away, a reset, a read error).
    case connectionDropped(reason: String)
    /// A GraphQL WebSocket message that is not a JSON object with a `type`.
    case malformedMessage(reason: String)
    /// The server did not answer in time (the handshake, a GraphQL `connection_ack`).
    case timedOut(waitingFor: String, after: TimeInterval)

    public var description: String {
        switch self {
        case .invalidURL(let url): "not a WebSocket URL: \(url.absoluteString)"
        case .tlsUnavailable(let url): "no TLS for \(url.absoluteString) in this build"
        case .certificateRejected(let host, let code, let reason):
            "the certificate of \(host) was rejected: \(reason) (X509_V_ERR \(code))"
        case .tlsHandshakeFailed(let host, let reason): "the TLS handshake with \(host) failed: \(reason)"
        case .invalidTrustedCertificate(let reason): "an extra trusted certificate is invalid: \(reason)"
        case .connectFailed(let host, let port, let errno, let reason):
            "could not connect to \(host):\(port): \(reason) (errno \(errno))"
        case .handshakeFailed(let url, let status, let reason):
            "WebSocket handshake with \(url.absoluteString) failed"
                + (status.map { " (HTTP \($0))" } ?? "") + ": \(reason)"
        case .subprotocolRejected(let url, let offered, let chosen):
            "\(url.absoluteString) chose subprotocol \(chosen ?? "none") of \(offered.joined(separator: ", "))"
        case .protocolViolation(let error): "WebSocket protocol error: \(error)"
        case .closed(let code, let reason):
            "the server closed the WebSocket (\(code.map(String.init) ?? "no code")) \(reason)"
        case .connectionDropped(let reason): "the WebSocket connection dropped: \(reason)"
        case .malformedMessage(let reason): "malformed GraphQL WebSocket message: \(reason)"
        case .timedOut(let what, let after): "no \(what) within \(after) s"
        }
    }
}

extension WebSocketError: TransportFailure {
    /// A URL or a build that cannot work, a certificate rejected or an invalid trusted one, a
    /// subprotocol the server refuses, a handshake refused
    /// with an HTTP 4xx other than 408 and 429, and a GraphQL close code 4400–4499 but 4408
    /// and 4429 (the server refuses the request itself). Everything else may go away.
    public var isPermanent: Bool {
        switch self {
        case .invalidURL, .tlsUnavailable, .certificateRejected, .invalidTrustedCertificate, .subprotocolRejected:
            true
        case .handshakeFailed(_, let status, _): status.map(Self.isPermanentHTTPStatus) ?? false
        case .closed(let code, _): code.map { (4400..<4500).contains($0) && $0 != 4408 && $0 != 4429 } ?? false
        case .connectFailed, .tlsHandshakeFailed, .protocolViolation, .connectionDropped, .malformedMessage, .timedOut:
            false
        }
    }
}
