import Foundation

extension Store {
    /// Someone told of the store's invalidations while `owner` lives.
    struct InvalidationObserver {
        weak var owner: AnyObject?
        let body: @MainActor (Invalidation) -> Void
    }

    /// Marks the record stale: an operation that reads it and was fetched before now checks
    /// as ``Availability/stale`` until it is fetched again. The record's data stays.
    public func invalidate(record key: RecordKey) {
        invalidate(records: CollectionOfOne(key))
    }

    /// Marks the records stale, as ``invalidate(record:)`` does each, in one batch: the
    /// observers hear of them once, together. An empty batch does nothing.
    public func invalidate(records keys: some Sequence<RecordKey>) {
        let batch = Set(keys)
        guard !batch.isEmpty else { return }
        let stamp = freshness.nextStamp()
        for key in batch {
            // Past four billion events a launch, later invalidations share the last sequence.
            table.update(key) { state, _ in state.invalidation = UInt32(clamping: stamp.sequence) }
        }
        tellInvalidationObservers(.records(batch))
    }

    /// Marks everything stale: every operation fetched before now checks as stale until it
    /// is fetched again.
    public func invalidateAll() {
        freshness.everythingInvalidated = freshness.nextStamp()
        tellInvalidationObservers(.everything)
    }

    /// Calls `body` on the main actor, in the invalidating call, with each batch invalidated
    /// from now on while `owner` lives. An ended store tells no one.
    public func observeInvalidations(_ owner: AnyObject, _ body: @escaping @MainActor (Invalidation) -> Void) {
        freshness.invalidationObservers.removeAll { $0.owner == nil }
        freshness.invalidationObservers.append(InvalidationObserver(owner: owner, body: body))
    }

    private func tellInvalidationObservers(_ invalidation: Invalidation) {
        guard !isEnded else { return }
        freshness.invalidationObservers.removeAll { $0.owner == nil }
        for observer in freshness.invalidationObservers { observer.body(invalidation) }
    }
}
