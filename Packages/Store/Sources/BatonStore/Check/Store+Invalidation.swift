import Foundation

extension Store {
    /// Marks the record stale: an operation that reads it and was fetched before now checks
    /// as ``Availability/stale`` until it is fetched again. The record's data stays.
    public func invalidate(record key: RecordKey) {
        let stamp = freshness.nextStamp()
        // Past four billion events a launch, later invalidations share the last sequence.
        table.update(key) { state, _ in state.invalidation = UInt32(clamping: stamp.sequence) }
    }

    /// Marks everything stale: every operation fetched before now checks as stale until it
    /// is fetched again.
    public func invalidateAll() {
        freshness.everythingInvalidated = freshness.nextStamp()
    }
}
