/// What one call of ``Store/invalidate(records:)``, ``Store/invalidate(record:)`` or
/// ``Store/invalidateAll()`` made stale: one batch, as the store's invalidation observers
/// hear of it. A value: safe on any thread.
public enum Invalidation: Hashable, Sendable {
    /// These records: an operation that reads one of them and was fetched before is stale.
    case records(Set<RecordKey>)
    /// Everything: every operation fetched before is stale.
    case everything

    /// Whether an operation reading `keys` reads something this batch made stale.
    public func touches(_ keys: Set<RecordKey>) -> Bool {
        switch self {
        case .records(let invalidated): !invalidated.isDisjoint(with: keys)
        case .everything: true
        }
    }
}
