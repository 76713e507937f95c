/// The kind of a failed operation, without its details: what a phase and the log carry. A
/// value: safe on any thread.
///
/// The first four are ``FetchError``'s, the request failing; the rest are ``Refusal``'s.
public enum FailureKind: String, Hashable, Sendable {
    /// The transport threw (network, HTTP status).
    case transport
    /// The response could not be ingested; the store is unchanged.
    case malformedResponse
    /// The response had no data, only request errors.
    case noData
    /// The fetch was cancelled, or its page was not merged because its list started again
    /// while it was on its way (``PaginationError/listMoved(operation:)``).
    case cancelled
    /// The operation's document does not build, its lenses select what it does not, or it
    /// cannot page the way it was asked to.
    case invalidOperation
    /// A mutation's optimistic response does not fit its selection; nothing was sent.
    case invalidOptimisticResponse
    /// A mutation's updater threw (``Refusal/updaterFailed(reason:operation:optimistic:)``).
    case updaterFailed
    /// Cache-only, and the store cannot answer.
    case notCached
    /// The environment has ended.
    case ended
}
