/// What one commit (or layer apply or revert) did. A value: safe on any thread.
public struct CommitSummary: Hashable, Sendable {
    /// Records the commit added to memory.
    public var recordsCreated = 0
    /// Existing records at least one of whose fields changed value.
    public var recordsChanged = 0
    /// Records the commit removed from memory.
    public var recordsDeleted = 0
    /// Fields of existing records whose value changed (fields of new records not counted).
    public var fieldsWritten = 0
    /// Fields announced to observers: changed fields of records someone may observe, and
    /// fields linking to a deleted record.
    public var fieldsNotified = 0

    public init() {}

    /// Whether memory did not change.
    public var isEmpty: Bool { recordsCreated == 0 && recordsChanged == 0 && recordsDeleted == 0 }

    /// Adds every count of `other`: the summary of several commits (an incremental response's
    /// payloads) is their sum. Kept beside the counts, so a count added later is summed too.
    public mutating func add(_ other: CommitSummary) {
        recordsCreated += other.recordsCreated
        recordsChanged += other.recordsChanged
        recordsDeleted += other.recordsDeleted
        fieldsWritten += other.fieldsWritten
        fieldsNotified += other.fieldsNotified
    }
}
