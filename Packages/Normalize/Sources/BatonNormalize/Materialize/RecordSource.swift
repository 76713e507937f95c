import BatonRecords

/// Where the value of a record's field can be read, by the record's key and the field's slot:
/// a `ChangeSet` (an ingest's changes, or the `snapshot()` of a store), the one conformance this
/// package makes, or a type of the reader's own. Only the ``Materializer`` reads through it, on
/// its caller's thread, so a conformance isolated to an actor serves a materializer run there.
public protocol RecordSource {
    /// The value of `slot` in the record `key`, or nil when the record or the field is absent.
    func value(_ slot: Slot, of key: RecordKey) -> Value?
}

extension ChangeSet: RecordSource {
    public func value(_ slot: Slot, of key: RecordKey) -> Value? {
        self[key]?[slot]
    }
}
