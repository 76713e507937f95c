/// Why a request failed to bring its data: the network, the response, or cancellation, with
/// the operation's name. Nothing is committed when one is reported. Safe on any thread.
///
/// What Baton refused to fetch or commit is a ``Refusal``; both reach the caller as an
/// ``OperationError``.
public enum FetchError: Error, Sendable, CustomStringConvertible {
    /// The transport threw (network, HTTP status).
    case transport(any Error, operation: String)
    /// The response could not be ingested; the store is unchanged.
    case malformedResponse(IngestError, operation: String)
    /// The response had no data; its errors (with no field to hold them) are here.
    case noData([FieldError], operation: String)
    case cancelled(operation: String)

    public var kind: FailureKind {
        switch self {
        case .transport: .transport
        case .malformedResponse: .malformedResponse
        case .noData: .noData
        case .cancelled: .cancelled
        }
    }

    public var description: String {
        switch self {
        case .transport(let error, let operation): "\(operation): transport failed: \(error)"
        case .malformedResponse(let error, let operation): "\(operation): \(error)"
        case .noData(let errors, let operation):
            "\(operation): no data: " + errors.map(\.message).joined(separator: "; ")
        case .cancelled(let operation): "\(operation): cancelled"
        }
    }
}
