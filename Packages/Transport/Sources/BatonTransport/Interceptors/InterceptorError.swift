import BatonNormalize
import Foundation

/// A failure an interceptor of ``InterceptingTransport`` makes itself (the transport's own
/// failures pass through as they are). Each names the operation it befell.
public enum InterceptorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ``AuthInterceptor``'s token provider threw while fetching or refreshing the token.
    case tokenRefreshFailed(operation: String?, reason: String)
    /// ``TimeoutInterceptor``'s limit passed before the answer came; the request was cancelled.
    case timedOut(operation: String?, after: Duration)

    public var description: String {
        switch self {
        case .tokenRefreshFailed(let operation, let reason):
            "\(Self.name(operation)): the access token could not be refreshed: \(reason)"
        case .timedOut(let operation, let after):
            "\(Self.name(operation)): no answer within \(after); the request was cancelled"
        }
    }

    /// The case's name, for a log that shows no values.
    var caseName: String {
        switch self {
        case .tokenRefreshFailed: "tokenRefreshFailed"
        case .timedOut: "timedOut"
        }
    }

    static func name(_ operation: String?) -> String { operation.map { "operation \($0)" } ?? "an anonymous operation" }
}

extension InterceptorError: TransportFailure {
    /// A refresh that failed is final for the request; a timeout may pass.
    public var isPermanent: Bool {
        switch self {
        case .tokenRefreshFailed: true
        case .timedOut: false
        }
    }
}

extension TransportError {
    /// The case's name, for a log that shows no values.
    var caseName: String {
        switch self {
        case .noConnection: "noConnection"
        case .timeout: "timeout"
        case .httpStatus: "httpStatus"
        case .notGraphQLResponse: "notGraphQLResponse"
        case .malformedStream: "malformedStream"
        case .decompression: "decompression"
        case .subscriptionFailed: "subscriptionFailed"
        case .cancelled: "cancelled"
        case .unsupported: "unsupported"
        case .transferFailed: "transferFailed"
        }
    }

    /// The HTTP status `error` carries, when it is a ``TransportError`` that has one.
    public static func httpStatus(of error: any Error) -> Int? {
        switch error as? TransportError {
        case .httpStatus(_, let status, _), .notGraphQLResponse(_, let status, _, _): status
        default: nil
        }
    }
}
