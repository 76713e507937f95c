/// Typed payloads: data written as if the server had answered it.
extension StoreWrite {
    /// Writes `payload` as `operation`'s `data` under `variables`: it is normalized through
    /// the operation's plan, the same code a server's response goes through, so the records,
    /// the root fields and the connections it names land where a response would put them.
    ///
    /// Fields may be left out (the payload is partial: what it leaves out is not touched);
    /// `__typename`s come from the generated types. It does not count as a fetch: the
    /// operation's fetch time stays as it was.
    ///
    /// - Throws: ``WriteError/invalidOperation(_:)`` when the operation does not build under
    ///   `variables`, ``WriteError/invalidPayload(_:operation:)`` when a value does not fit.
    public mutating func commit<Op: PayloadOperation>(
        _ operation: Op.Type, variables: [String: JSONValue] = [:], payload: Op.Payload
    ) throws(WriteError) {
        try commit(operation, variables: variables, data: payload.inputValue)
    }

    /// Writes `payload` as `operation`'s `data` under its typed `variables`, as
    /// ``commit(_:variables:payload:)-(_,[String:JSONValue],_)`` does.
    public mutating func commit<Op: PayloadOperation & TypedVariablesOperation>(
        _ operation: Op.Type, variables: Op.Variables, payload: Op.Payload
    ) throws(WriteError) {
        try commit(operation, variables: variables.variableValues, data: payload.inputValue)
    }

    /// Writes `data` as `operation`'s `data` under `variables`: the form for an operation
    /// written by hand. A member the operation does not select, at any depth (`__typename`
    /// aside), throws ``WriteError/invalidPayload(_:operation:)`` naming its path; so does,
    /// when the store's normalization has a schema, what the schema rules out: a null in a
    /// non-null field or list element, an enum value it does not declare, a `__typename` that
    /// is not a possible type of its position. A field left out is no error.
    public mutating func commit<Op: GraphQLOperation>(
        _ operation: Op.Type, variables: [String: JSONValue] = [:], data: JSONValue
    ) throws(WriteError) {
        let plan: OperationPlan
        do {
            plan = try environment.plan(operation, variables: variables)
        } catch {
            throw .invalidOperation(error)
        }
        do {
            changes.append(try Ingest.handWritten.ingest(data: data, plan: plan).changes)
        } catch {
            throw .invalidPayload(error, operation: plan.name ?? "anonymous")
        }
    }
}
