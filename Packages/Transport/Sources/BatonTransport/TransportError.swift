import BatonNormalize
import Foundation

/// Why a transport could not answer with a GraphQL response.
///
/// GraphQL `errors` are not transport errors: a response that carries them is answered
/// as bytes like any other. Each case names the URL so a failure reads on its own in a log.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached: refused, unreachable, or the connection dropped.
    case noConnection(url: URL, reason: String)
    /// No complete answer within `after` seconds.
    case timeout(url: URL, after: TimeInterval)
    /// The server answered with a status outside 200...299 and no GraphQL response.
    case httpStatus(url: URL, status: Int, body: Data)
    /// The body is not a GraphQL response: not JSON, or JSON without `data` or `errors`.
    case notGraphQLResponse(url: URL, status: Int, contentType: String?, body: Data)
    /// A multipart or event-stream response that broke its own framing.
    case malformedStream(url: URL, reason: String)
    /// The body could not be decompressed.
    case decompression(url: URL, reason: String)
    /// A subscription the server ended with a fatal error (multipart `payload: null` + `errors`).
    case subscriptionFailed(url: URL, body: Data)
    /// The calling task was cancelled; the request was cancelled on the wire.
    case cancelled
    /// This transport cannot work on this platform (WebSockets on Linux).
    case unsupported(String)
    /// Any other failure of the underlying URL loading system.
    case transferFailed(url: URL, code: Int, reason: String)

    public var description: String {
        switch self {
        case .noConnection(let url, let reason):
            "no connection to \(url.absoluteString): \(reason)"
        case .timeout(let url, let after):
            "no answer from \(url.absoluteString) within \(after) s"
        case .httpStatus(let url, let status, let body):
            "HTTP \(status) from \(url.absoluteString): \(Self.excerpt(body))"
        case .notGraphQLResponse(let url, let status, let contentType, let body):
            "not a GraphQL response from \(url.absoluteString) (HTTP \(status), \(contentType ?? "no content type")): \(Self.excerpt(body))"
        case .malformedStream(let url, let reason):
            "malformed streamed response from \(url.absoluteString): \(reason)"
        case .decompression(let url, let reason):
            "could not decompress the response from \(url.absoluteString): \(reason)"
        case .subscriptionFailed(let url, let body):
            "subscription at \(url.absoluteString) ended with an error: \(Self.excerpt(body))"
        case .cancelled:
            "the request was cancelled"
        case .unsupported(let reason):
            "unsupported: \(reason)"
        case .transferFailed(let url, let code, let reason):
            "request to \(url.absoluteString) failed (URL error \(code)): \(reason)"
        }
    }

    /// The first 500 bytes of `body` as text, for messages.
    static func excerpt(_ body: Data) -> String {
        let text = String(decoding: body.prefix(500), as: UTF8.self)
        return body.count > 500 ? text + "… (\(body.count) bytes)" : text
    }
}

extension TransportError: TransportFailure {
    /// `unsupported`, and an HTTP 4xx other than 408 and 429 (the server refuses the request
    /// itself): retrying cannot succeed. Everything else may go away.
    public var isPermanent: Bool {
        switch self {
        case .unsupported: true
        case .httpStatus(_, let status, _), .notGraphQLResponse(_, let status, _, _):
            Self.isPermanentHTTPStatus(status)
        case .noConnection, .timeout, .malformedStream, .decompression, .subscriptionFailed, .cancelled,
            .transferFailed:
            false
        }
    }
}
