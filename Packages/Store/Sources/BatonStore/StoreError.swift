/// Why a store operation could not run. Nothing changes in the store when one is thrown.
public enum StoreError: Error, Sendable, CustomStringConvertible {
    /// An optimistic response could not be normalized for the operation.
    case optimisticResponse(IngestError, operation: String?)

    public var description: String {
        switch self {
        case .optimisticResponse(let error, let operation):
            "the optimistic response for \(operation ?? "an anonymous operation") could not be normalized: \(error)"
        }
    }
}
