/// Where a mutation handle is, from its ``MutationHandle/running``, ``MutationHandle/error``
/// and ``MutationHandle/data``. A value: safe on any thread.
public enum MutationPhase: Hashable, Sendable {
    /// Never performed.
    case idle
    /// A perform is on its way (an optimistic response it carries already shows).
    case running
    /// The last perform that finished failed; its optimistic layer was rolled back.
    case failed(FailureKind)
    /// The last perform that finished landed: ``MutationHandle/data`` reads its answer.
    case succeeded
}

extension MutationHandle {
    /// The handle's phase: running while any perform is on its way, then the last finished
    /// perform's outcome. Tracked: a view reading it re-runs when it changes.
    public var phase: MutationPhase {
        if isRunning { return .running }
        if let error { return .failed(error.kind) }
        return observed.data == nil ? .idle : .succeeded
    }
}
