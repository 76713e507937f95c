/// Updatable fragments: setting the fields a fragment selects.
extension StoreWrite {
    /// Sets fields of the record `key` through the updatable fragment `fragment`:
    /// `try write.update(NoteRow.self, at: key) { try $0.set(\.text, to: "Pickle Rick") }`.
    ///
    /// Only fields without arguments can be set by key (``WriteError/needsSelection(field:record:)``
    /// otherwise); ``update(_:_:)`` over a lens in hand sets any.
    ///
    /// - Throws: ``WriteError/noRecord(_:)`` when the store holds no record `key` (nor, in a
    ///   mutation's updater, its answer); what `body` throws.
    public mutating func update<F: UpdatableFragment>(
        _ fragment: F.Type, at key: RecordKey, _ body: (inout FragmentUpdate<F>) throws -> Void
    ) throws {
        if let record = store.record(key), !changes.deletes(key) {
            try update(RecordRef(record: record, selection: nil, context: environment.lensContext), body)
        } else if let answer, let record = answer.record(key), !changes.deletes(key) {
            try update(RecordRef(record: record, selection: nil, context: LensContext(store: answer)), body)
        } else {
            throw WriteError.noRecord(key)
        }
    }

    /// Sets fields of `lens`'s record through its fragment, fields with arguments included:
    /// their storage keys come from the selection the lens was reached through.
    public mutating func update<F: UpdatableFragment>(_ lens: F, _ body: (inout FragmentUpdate<F>) throws -> Void)
        throws
    {
        guard record(lens.key) != nil else { throw WriteError.noRecord(lens.key) }
        try update(lens.ref, body)
    }

    private mutating func update<F: UpdatableFragment>(
        _ ref: RecordRef, _ body: (inout FragmentUpdate<F>) throws -> Void
    ) throws {
        var update = FragmentUpdate<F>(ref: ref)
        try body(&update)
        for cell in update.cells { changes.write(cell.value, to: cell.slot, of: ref.record.key) }
    }
}
