/// Where a query handle is. A value: safe on any thread.
public enum QueryPhase: Hashable, Sendable {
    /// No data yet; a fetch is on its way.
    case loading
    /// `data` reads the store.
    case ready
    /// The last fetch failed (`data` may still hold what the store had).
    case failed(FailureKind)
}
