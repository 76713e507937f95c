/// Where a query handle is. A value: safe on any thread.
public enum QueryPhase: Hashable, Sendable {
    /// No data yet; a fetch is on its way.
    case loading
    /// `data` reads the store.
    case ready
    /// The last fetch failed; ``QueryHandle/error`` says how. `data` may still hold what the
    /// store had: after a failed refresh, or when a ``FetchPolicy/networkFirst`` fetch failed
    /// and the handle fell back to the store.
    case failed(FailureKind)
}
