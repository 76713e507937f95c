/// Fragment payloads: one record's fields written as a fragment selects them.
extension StoreWrite {
    /// Writes `payload` into the record `key` through `fragment`'s selection
    /// (``PayloadFragment/selection``, planned without variables, once per environment): it is normalized by the
    /// same code a server's response goes through, so its nested objects land in their own
    /// records (keyed by the store's cache-key policy, or embedded under `key`), lists and links
    /// as a response writes them, `__typename` kept.
    ///
    /// Fields may be left out (the payload is partial: what it leaves out is not touched). The
    /// record need not exist yet: the write makes it.
    ///
    /// - Throws: ``WriteError/invalidPayload(_:operation:)`` when a value does not fit (a
    ///   member the fragment does not select names its path) or, under a schema, breaks it
    ///   (a null in a non-null field, an undeclared enum value: as in an operation's payload),
    ///   ``WriteError/typenameMismatch(_:record:payload:)`` when the store holds `key` with
    ///   another `__typename` than the payload's, ``WriteError/keyMismatch(_:payload:)`` when the
    ///   payload's key fields name another record, ``WriteError/invalidFragment(_:fragment:)``
    ///   when the fragment cannot be planned alone.
    public mutating func write<F: PayloadFragment>(
        _ fragment: F.Type, payload: F.Payload, at key: RecordKey
    ) throws(WriteError) {
        // The fragment's name, for an error: its type's description, made only on failure (a
        // type's description casts the metatype to the protocols that customize one).
        func name() -> String { String(describing: fragment) }
        let object = payload.inputValue
        let normalization = store.normalization
        let plan: FragmentPlan
        do {
            plan = try environment.plan(fragment)
        } catch {
            throw .invalidFragment(error, fragment: name())
        }
        let result: IngestResult
        do {
            result = try Ingest.handWritten.ingest(object: object, into: key, plan: plan)
        } catch {
            throw .invalidPayload(error, operation: name())
        }
        if case .string(let written)? = result.changes[key]?[Slot.typename] {
            if let held = typename(of: key), held != written {
                throw .typenameMismatch(key, record: held, payload: written)
            }
            if let named = normalization.cacheKeys.key(typename: written, value: { object[member: $0] }),
                named != key
            {
                throw .keyMismatch(key, payload: named)
            }
        }
        changes.append(result.changes)
    }

    /// The `__typename` of the record `key` as this write finds it: what it wrote, else the
    /// store's.
    private func typename(of key: RecordKey) -> String? {
        if case .string(let name)? = changes[key]?[Slot.typename] { return name }
        return record(key)?.typename
    }
}
