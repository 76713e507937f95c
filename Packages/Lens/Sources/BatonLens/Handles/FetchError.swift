/// Why a fetch, mutation or subscription event failed, with the operation's name. Nothing is
/// committed when one is thrown. Safe on any thread.
public enum FetchError: Error, Sendable, CustomStringConvertible {
    case transport(any Error, operation: String)
    case malformedResponse(IngestError, operation: String)
    /// The response had no data; its errors (with no field to hold them) are here.
    case noData([FieldError], operation: String)
    case invalidOperation(OperationBuildError)
    /// A mutation's optimistic response does not fit its selection (a member it does not
    /// select, a value of the wrong kind), at the error's path; nothing was applied or sent.
    case invalidOptimisticResponse(IngestError, operation: String)
    /// Cache-only and the store is missing these response paths.
    case notCached(missing: [String], operation: String)
    case cancelled(operation: String)
    /// `loadNext` or `loadPrevious` on an operation that cannot page that way.
    case pagination(PaginationError)
    /// The environment has ended: nothing more is fetched or committed.
    case ended(operation: String)

    public var kind: FailureKind {
        switch self {
        case .transport: .transport
        case .malformedResponse: .malformedResponse
        case .noData: .noData
        case .invalidOperation: .invalidOperation
        case .invalidOptimisticResponse: .invalidOptimisticResponse
        case .notCached: .notCached
        case .cancelled: .cancelled
        case .pagination: .invalidOperation
        case .ended: .ended
        }
    }

    public var description: String {
        switch self {
        case .transport(let error, let operation): "\(operation): transport failed: \(error)"
        case .malformedResponse(let error, let operation): "\(operation): \(error)"
        case .noData(let errors, let operation):
            "\(operation): no data: " + errors.map(\.message).joined(separator: "; ")
        case .invalidOperation(let error): "\(error)"
        case .invalidOptimisticResponse(let error, let operation): "\(operation): invalid optimistic response: \(error)"
        case .notCached(let missing, let operation):
            "\(operation): cache-only and the store lacks \(missing.prefix(3).joined(separator: ", "))"
        case .cancelled(let operation): "\(operation): cancelled"
        case .pagination(let error): "\(error)"
        case .ended(let operation): "\(operation): the environment has ended"
        }
    }
}
