import Foundation

/// How a query handle uses the store and the network. A value: safe on any thread.
public enum FetchPolicy: Hashable, Sendable {
    /// Shows what the store holds; fetches only when something is missing or invalidated.
    case cacheFirst
    /// Shows what the store holds and fetches anyway, refreshing in place.
    case cacheAndNetwork
    /// Shows nothing until its own fetch lands.
    case networkOnly
    /// Never fetches: what the store holds, or a failed phase.
    case cacheOnly
    /// Shows what the store holds; fetches when it is older than `maxAge` or missing.
    case staleWhileRevalidate(maxAge: TimeInterval)

    var maxAge: TimeInterval? {
        if case .staleWhileRevalidate(let maxAge) = self { return maxAge }
        return nil
    }
}
