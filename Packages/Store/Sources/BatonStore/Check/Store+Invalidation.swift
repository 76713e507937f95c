import Foundation

extension Store {
    /// Marks the record stale: an operation that reads it and was fetched before now checks
    /// as ``Availability/stale`` until it is fetched again. The record's data stays.
    public func invalidate(record key: RecordKey) {
        invalidations[key] = nextStamp()
    }

    /// Marks everything stale: every operation fetched before now checks as stale until it
    /// is fetched again.
    public func invalidateAll() {
        everythingInvalidated = nextStamp()
    }

    func nextStamp() -> Stamp {
        defer { nextSequence += 1 }
        return Stamp(date: now(), sequence: nextSequence)
    }
}
