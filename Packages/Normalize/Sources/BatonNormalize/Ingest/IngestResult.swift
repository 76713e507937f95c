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
    /// How many records and fields the response wrote.
    public var recordCount: Int { changes.snapshots.count }
}
