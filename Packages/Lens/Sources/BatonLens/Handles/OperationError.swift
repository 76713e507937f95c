/// Why a fetch, mutation, page or subscription event did not land: its request failed, or
/// Baton refused it. What `GraphQLEnvironment.fetch` and `MutationHandle.perform` throw and
/// every handle's `error` holds. Nothing is committed when one is reported. Safe on any thread.
///
/// ```swift
/// switch handle.error {
/// case .fetch(let failure)?: showRetry(failure)            // worth trying again
/// case .refused(.notCached)?: showOfflinePlaceholder()
/// case .refused(let refusal)?: report(refusal)             // the same call gives the same answer
/// case nil: break
/// }
/// ```
public enum OperationError: Error, Sendable, CustomStringConvertible {
    /// The request went out and failed to bring its data.
    case fetch(FetchError)
    /// Nothing was fetched or committed: the operation, its input, the store or the
    /// environment said no.
    case refused(Refusal)

    public var kind: FailureKind {
        switch self {
        case .fetch(let failure): failure.kind
        case .refused(let refusal): refusal.kind
        }
    }

    public var description: String {
        switch self {
        case .fetch(let failure): failure.description
        case .refused(let refusal): refusal.description
        }
    }
}
