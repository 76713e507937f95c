extension CommitSummary {
    /// Adds every count of `other`: the summary of an incremental response is the sum of its
    /// payloads' commits.
    mutating func add(_ other: CommitSummary) {
        recordsCreated += other.recordsCreated
        recordsChanged += other.recordsChanged
        recordsDeleted += other.recordsDeleted
        fieldsWritten += other.fieldsWritten
        fieldsNotified += other.fieldsNotified
    }
}
