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
    /// ``rejectsUnselectedKeys`` a member the selection does not have throws at its path.
    /// The result's `hasData` is true; it has no errors, extensions or deferred targets.
    public func ingest(
        _ object: some Collection<UInt8>, into key: RecordKey, plan: FragmentPlan
    ) throws(IngestError) -> IngestResult {
        var walker = ResponseWalker(
            reader: JSONReader(object, maxDepth: maxDepth),
            plan: OperationPlan(record: key, selection: plan.selection, normalization: plan.normalization),
            complete: completeness == .complete, rejectsUnselectedKeys: rejectsUnselectedKeys)
        return try walker.walkRecord()
    }
}
