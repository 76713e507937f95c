/// Why a query handle fetched again without being asked. A value: safe on any thread.
public enum RevalidationReason: Hashable, Sendable {
    /// A record the handle's query reaches was invalidated (`Store.invalidate(records:)`,
    /// `Store.invalidateAll()`).
    case invalidated
    /// The app came back (`GraphQLEnvironment.setActivity(.active)`) and the handle's data was
    /// stale or missing.
    case activated
}
