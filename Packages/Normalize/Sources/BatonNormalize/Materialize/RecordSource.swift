import BatonRecords

/// Somewhere records can be read by key: a change set, the store, an image's snapshots.
/// Materializing and the availability check read through it.
public protocol RecordSource {
    /// The value of `slot` in the record `key`, or nil when the record or the field is absent.
    func value(_ slot: Slot, of key: RecordKey) -> Value?
}

extension ChangeSet: RecordSource {
    public func value(_ slot: Slot, of key: RecordKey) -> Value? {
        self[key]?[slot]
    }
}

/// A record source from snapshots by key.
public struct SnapshotSource: RecordSource, Sendable {
    public var snapshots: [RecordKey: RecordSnapshot]

    public init(_ snapshots: some Sequence<RecordSnapshot>) {
        self.snapshots = Dictionary(snapshots.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
    }

    public func value(_ slot: Slot, of key: RecordKey) -> Value? {
        snapshots[key]?[slot]
    }
}
