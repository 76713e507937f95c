import Foundation

/// How a query handle uses the store and the network. A value: safe on any thread.
public enum FetchPolicy: Hashable, Sendable {
    /// Shows what the store holds; fetches only when something is missing, invalidated or
    /// older than the operation's `cacheExpiration`.
    case cacheFirst
    /// Shows what the store holds and fetches anyway, refreshing in place.
    case cacheAndNetwork
    /// Shows nothing until its own fetch lands.
    case networkOnly
    /// Never fetches: what the store holds, or a failed phase.
    case cacheOnly
    /// Shows what the store holds; fetches when it is older than `maxAge` or missing.
    case staleWhileRevalidate(maxAge: TimeInterval)
    /// Fetches first and shows nothing from the store while the fetch is on its way (phase
    /// `.loading`), so a screen never flashes data the network is about to replace. When the
    /// fetch lands, its data is shown; when it fails, the handle falls back to what the store
    /// holds (stale data included): `data` shows it, `phase` is `.failed` with the failure's
    /// kind and `error` carries the failure, as after any failed refresh. Nothing in the store
    /// and a failed fetch leaves `data` nil. Once `data` is shown, a `refetch()` refreshes it in
    /// place (`isRefreshing`), as under the other policies.
    case networkFirst

    /// The age past which the store's data counts as stale: the shorter of this policy's
    /// `maxAge` and the operation's `expiration`; nil when neither limits it.
    func maxAge(expiration: Duration?) -> TimeInterval? {
        var limit: TimeInterval?
        if case .staleWhileRevalidate(let maxAge) = self { limit = maxAge }
        if let expiration {
            let seconds = Double(expiration.components.seconds) + Double(expiration.components.attoseconds) / 1e18
            limit = min(limit ?? seconds, seconds)
        }
        return limit
    }
}
