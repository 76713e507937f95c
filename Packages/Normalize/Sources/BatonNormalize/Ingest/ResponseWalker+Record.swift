import BatonRecords

/// One object into one record: the walk of ``Ingest/ingest(_:into:plan:)``.
extension ResponseWalker where Reader: ~Copyable {
    /// Reads the one object at the reader into the plan's root record, typed by the plan's
    /// selection or the object's `__typename`.
    mutating func walkRecord() throws(IngestError) -> IngestResult {
        do {
            guard try reader.peekKind() == .object else {
                throw IngestError(.wrongType(expected: "an object", found: try describeNext()))
            }
            _ = try readObject(
                plan.root, knownKey: plan.rootKey, typename: nil,
                embedded: EmbeddedKey(parent: plan.rootKey, storageKey: ""))
            try reader.finish()
        } catch let error as JSONReadError {
            throw IngestError(.malformedJSON(reader.locating(error)))
        } catch let error as IngestError {
            throw error
        } catch {
            throw IngestError(.wrongType(expected: "an object", found: "\(error)"))
        }
        for key in deletions { changes.delete(key) }
        return IngestResult(
            changes: changes, hasData: true, errors: [], extensions: nil, hasNext: false, deferredTargets: [])
    }
}
