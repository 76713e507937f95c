import BatonNormalize
import Foundation

/// Why an ``HTTPTransport`` could not hand each operation of a batch its own answer
/// (``HTTPTransport/Batching``): the server's answer to the batch was not a JSON array with
/// one element per operation sent. Every operation of the batch fails with the same error.
///
/// An element of a good array that is not a GraphQL response fails only its own operation,
/// with ``TransportError/notGraphQLResponse(url:status:contentType:body:)``; an element with
/// `errors` is answered like any response. A plain value: safe on any thread.
public enum BatchingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The answer to a batch of `operations` is JSON, or text, but not an array: the server
    /// most likely does not take batches (Apollo Router answers one error object then).
    case notAnArray(url: URL, status: Int, operations: Int, body: Data)
    /// The answer is an array of `received` elements for `sent` operations.
    case countMismatch(url: URL, sent: Int, received: Int)
    /// The answer opens an array but breaks JSON's grammar: cut off, or damaged.
    case malformedArray(url: URL, operations: Int, reason: String)

    public var description: String {
        switch self {
        case .notAnArray(let url, let status, let operations, let body):
            "the answer from \(url.absoluteString) (HTTP \(status)) to a batch of \(operations) operations is not a JSON array: \(TransportError.excerpt(body))"
        case .countMismatch(let url, let sent, let received):
            "\(url.absoluteString) answered a batch of \(sent) operations with \(received) responses"
        case .malformedArray(let url, let operations, let reason):
            "the answer from \(url.absoluteString) to a batch of \(operations) operations is malformed JSON: \(reason)"
        }
    }
}

extension BatchingError: TransportFailure {
    /// A server that does not answer batches with arrays of the right length does so again;
    /// a damaged array may be a connection's fault.
    public var isPermanent: Bool {
        switch self {
        case .notAnArray, .countMismatch: true
        case .malformedArray: false
        }
    }
}
