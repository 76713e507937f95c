/// Why Baton fetched or committed nothing for an operation although no request failed: what
/// the caller asked for, the store or the environment said no. Retrying the same call gives
/// the same answer, except after ``PaginationError/listMoved(operation:)`` (a page that came
/// after its list started again), when the next page is asked from where the list ends now.
/// Safe on any thread.
public enum Refusal: Error, Sendable, CustomStringConvertible {
    /// The operation's document does not build, or its lenses select what it does not.
    case invalidOperation(OperationBuildError)
    /// A mutation's optimistic response does not fit its selection (a member it does not
    /// select, a value of the wrong kind) or, under a schema, breaks it (a null in a non-null
    /// field, an undeclared enum value, a `__typename` that cannot stand where it is), at the
    /// error's path; nothing was applied or sent.
    case invalidOptimisticResponse(IngestError, operation: String)
    /// A mutation's updater threw: the optimistic one before anything was applied or sent,
    /// or the one given the server's answer, which then landed without the updater's changes.
    case updaterFailed(reason: String, operation: String, optimistic: Bool)
    /// Cache-only and the store is missing these response paths.
    case notCached(missing: [String], operation: String)
    /// A ``RefetchHandle`` cannot look its record up, or its refetch query's answer held no
    /// record for the fragment; the lens stays where it was.
    case refetch(RefetchError)
    /// `loadNext` or `loadPrevious` on an operation that cannot page that way, or a page not
    /// merged because its list started again while it was on its way.
    case pagination(PaginationError)
    /// The environment has ended: nothing more is fetched or committed.
    case ended(operation: String)

    public var kind: FailureKind {
        switch self {
        case .pagination(.listMoved): .cancelled
        case .invalidOperation, .pagination: .invalidOperation
        case .refetch(.missingKey): .invalidOperation
        case .refetch(.notInAnswer): .noData
        case .invalidOptimisticResponse: .invalidOptimisticResponse
        case .updaterFailed: .updaterFailed
        case .notCached: .notCached
        case .ended: .ended
        }
    }

    public var description: String {
        switch self {
        case .invalidOperation(let error): "\(error)"
        case .invalidOptimisticResponse(let error, let operation): "\(operation): invalid optimistic response: \(error)"
        case .updaterFailed(let reason, let operation, let optimistic):
            "\(operation): the \(optimistic ? "optimistic " : "")updater threw: \(reason)"
        case .notCached(let missing, let operation):
            "\(operation): cache-only and the store lacks \(missing.prefix(3).joined(separator: ", "))"
        case .pagination(let error): "\(error)"
        case .refetch(let error): "\(error)"
        case .ended(let operation): "\(operation): the environment has ended"
        }
    }
}
