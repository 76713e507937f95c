import BatonRecords

/// What one response (or one payload of an incremental response) gives: the records it
/// writes, and what it says besides. A value: safe on any thread.
public struct IngestResult: Sendable {
    /// The records the response writes, field errors stored where they belong.
    public var changes: ChangeSet
    /// Whether the response had `data` that was not null.
    public var hasData: Bool
    /// The errors that name no field of the data: without a path, or whose path holds data.
    public var errors: [FieldError]
    /// The response's `extensions`.
    public var extensions: JSONValue?
    /// Whether more payloads of an incremental response follow.
    public var hasNext: Bool
    /// Where the deferred fragments of the operation land: pass them to the ingest of the
    /// next payload of the same response.
    public var deferredTargets: [DeferredTarget]
    /// How many records the response wrote.
    public var recordCount: Int { changes.snapshots.count }
}

/// An object of an earlier payload that holds deferred fields: the record a later
/// `incremental` entry writes into, found by the entry's `path` or, in the format that
/// announces deliveries in `pending`, by the id of a pending delivery at this object's path.
public struct DeferredTarget: Sendable {
    public let path: [FieldError.PathElement]
    public let key: RecordKey
    let typename: String?
    let selection: SelectionPlan
    /// The ids of the `pending` entries that named this object's path.
    public internal(set) var pendingIDs: Set<String> = []
}
