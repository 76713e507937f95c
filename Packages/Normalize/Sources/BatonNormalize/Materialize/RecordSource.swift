import BatonRecords

/// Somewhere records can be read by key: a `ChangeSet` (an ingest's changes, or a store's
/// `snapshot()`), or a type of the reader's own. The ``Materializer`` reads through it.
public protocol RecordSource {
    /// The value of `slot` in the record `key`, or nil when the record or the field is absent.
    func value(_ slot: Slot, of key: RecordKey) -> Value?
}

extension ChangeSet: RecordSource {
    public func value(_ slot: Slot, of key: RecordKey) -> Value? {
        self[key]?[slot]
    }
}
