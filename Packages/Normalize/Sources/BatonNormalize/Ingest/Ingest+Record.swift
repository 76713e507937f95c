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
    /// ``checksSchema`` the object is checked against the plan's schema first, as an
    /// operation's `data` is. The result's `hasData` is true; it has no errors, extensions or
    /// deferred targets.
    public func ingest(
        _ object: some Collection<UInt8>, into key: RecordKey, plan: FragmentPlan
    ) throws(IngestError) -> IngestResult {
        let walked = OperationPlan(record: key, selection: plan.selection, normalization: plan.normalization)
        if checksSchema, let parsed = try? JSONValue.parse(object, maxDepth: maxDepth) {
            try Self.check(parsed, plan: walked)
        }
        var walker = ResponseWalker(
            reader: JSONReader(object, maxDepth: maxDepth), plan: walked,
            complete: completeness == .complete, rejectsUnselectedKeys: rejectsUnselectedKeys)
        return try walker.walkRecord()
    }

    /// The changes of `object` given as a tree (a payload app code writes), written into the
    /// record `key` as ``ingest(_:into:plan:)`` writes its bytes, after ``checksSchema``'s check
    /// of the tree itself; the walk reads the tree as it is, never writing it to text.
    public func ingest(object: JSONValue, into key: RecordKey, plan: FragmentPlan) throws(IngestError) -> IngestResult {
        let walked = OperationPlan(record: key, selection: plan.selection, normalization: plan.normalization)
        if checksSchema { try Self.check(object, plan: walked) }
        var walker = ResponseWalker(
            reader: JSONTreeReader(object, maxDepth: maxDepth), plan: walked,
            complete: completeness == .complete, rejectsUnselectedKeys: rejectsUnselectedKeys)
        return try walker.walkRecord()
    }

    /// Checks `object` against the schema of `plan`, a record's plan, when it has one.
    private static func check(_ object: JSONValue, plan: OperationPlan) throws(IngestError) {
        guard let schema = plan.normalization.schema, let position = plan.root.staticType,
            case .object(let members) = object
        else { return }
        var check = PayloadCheck(schema: schema, plan: plan)
        try check.checkObject(members, plan.root, position: position)
    }
}
