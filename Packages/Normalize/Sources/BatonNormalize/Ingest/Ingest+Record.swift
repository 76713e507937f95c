import BatonRecords

/// Payloads that are no response: one object written into a record the caller names.
extension Ingest {
    /// The changes of `object`, one JSON object (no `data` around it) written into the record
    /// `key` as `plan`'s selection reads it, by the same walk a response goes through: nested
    /// objects land in their own records (keyed by the plan's cache-key policy, or embedded
    /// under `key`), lists and links as a response writes them, `__typename` kept.
    ///
    /// The record's type is the fragment's when it is an object type, else the object's
    /// `__typename` (``IngestError/Kind/missingTypename`` without one). Under
    /// ``Completeness/partial`` the fields `object` leaves out are not in the changes; with
    /// ``rejectsUnselectedKeys`` a member the selection does not have throws at its path; with
    /// ``checksSchema`` the object is checked against the plan's schema as it is read, as an
    /// operation's `data` is. The result's `hasData` is true; it has no errors, extensions or
    /// deferred targets.
    public func ingest(
        _ object: some Collection<UInt8>, into key: RecordKey, plan: FragmentPlan
    ) throws(IngestError) -> IngestResult {
        let walked = OperationPlan(record: key, selection: plan.selection, normalization: plan.normalization)
        var walker = ResponseWalker(
            reader: JSONReader(object, maxDepth: maxDepth), plan: walked,
            complete: completeness == .complete, rejectsUnselectedKeys: rejectsUnselectedKeys,
            checkingAgainst: try schemaToCheck(under: plan.normalization))
        return try walker.walkRecord()
    }

    /// The changes of `object` given as a tree (a payload app code writes), written into the
    /// record `key` as ``ingest(_:into:plan:)`` writes its bytes, checked as ``checksSchema``
    /// says; the walk reads the tree as it is, never writing it to text.
    public func ingest(object: JSONValue, into key: RecordKey, plan: FragmentPlan) throws(IngestError) -> IngestResult {
        let walked = OperationPlan(record: key, selection: plan.selection, normalization: plan.normalization)
        var walker = ResponseWalker(
            reader: JSONTreeReader(object, maxDepth: maxDepth), plan: walked,
            complete: completeness == .complete, rejectsUnselectedKeys: rejectsUnselectedKeys,
            checkingAgainst: try schemaToCheck(under: plan.normalization))
        return try walker.walkRecord()
    }
}
