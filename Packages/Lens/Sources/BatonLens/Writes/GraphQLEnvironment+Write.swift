/// Writes from app code: typed payloads, updatable fragments, record and connection edits.
extension GraphQLEnvironment {
    /// Gathers the changes `body` makes and commits them as one commit when it returns:
    ///
    /// ```swift
    /// try environment.write { write in
    ///     try write.removeNode(note.key, from: [notes.connectionID])
    ///     write.delete(note.key)
    /// }
    /// ```
    ///
    /// Only fields whose value changes notify, each once; the image keeps what lands. If
    /// `body` throws, nothing lands.
    ///
    /// - Throws: ``WriteError/ended`` once the environment has ended; what `body` throws.
    @discardableResult
    public func write<R>(_ body: (inout StoreWrite) throws -> R) throws -> R {
        guard !isEnded else { throw WriteError.ended }
        var write = StoreWrite(environment: self)
        let result = try body(&write)
        if !write.changes.isEmpty { store.commit(write.changes) }
        return result
    }

    /// Sets fields of the record `key` through the updatable fragment `fragment`, in one
    /// commit: `try environment.update(NoteRow.self, at: key) { try $0.set(\.text, to: "…") }`.
    public func update<F: UpdatableFragment>(
        _ fragment: F.Type, at key: RecordKey, _ body: (inout FragmentUpdate<F>) throws -> Void
    ) throws {
        try write { try $0.update(fragment, at: key, body) }
    }

    /// Sets fields of `lens`'s record through its fragment, in one commit.
    public func update<F: UpdatableFragment>(_ lens: F, _ body: (inout FragmentUpdate<F>) throws -> Void) throws {
        try write { try $0.update(lens, body) }
    }

    /// Writes `payload` as `operation`'s `data`, in one commit (see
    /// `StoreWrite.commit(_:variables:payload:)`).
    public func commit<Op: PayloadOperation>(
        _ operation: Op.Type, variables: [String: JSONValue] = [:], payload: Op.Payload
    ) throws {
        try write { try $0.commit(operation, variables: variables, payload: payload) }
    }

    /// Writes `payload` as `operation`'s `data` under its typed `variables`, in one commit.
    public func commit<Op: PayloadOperation & TypedVariablesOperation>(
        _ operation: Op.Type, variables: Op.Variables, payload: Op.Payload
    ) throws {
        try write { try $0.commit(operation, variables: variables, payload: payload) }
    }

    /// Writes `payload` into the record `key` through `fragment`'s selection, in one commit
    /// (see `StoreWrite.write(_:payload:at:)`): `try environment.write(NoteRow.self,
    /// payload: NoteRow.Payload(id: "1", text: "…"), at: key)`.
    public func write<F: PayloadFragment>(_ fragment: F.Type, payload: F.Payload, at key: RecordKey) throws {
        try write { try $0.write(fragment, payload: payload, at: key) }
    }
}
