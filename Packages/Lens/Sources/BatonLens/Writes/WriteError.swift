/// Why a write from app code was refused. A write is one commit: when any part of a
/// `GraphQLEnvironment.write` call throws, nothing of it lands, and the store and its image
/// are as they were.
public enum WriteError: Error, CustomStringConvertible {
    /// The operation does not build under the variables given.
    case invalidOperation(OperationBuildError)
    /// The payload does not fit the operation's selection (or, for a fragment's payload, the
    /// fragment's, named as `operation`): a value of the wrong type, or a member the selection
    /// does not have; or, under a schema, breaks it: a null in a non-null field, an enum value
    /// the schema does not declare, a `__typename` that cannot stand where it is (the ingest's
    /// error names its path). A field left out is not one.
    case invalidPayload(IngestError, operation: String)
    /// The fragment's selection cannot be planned alone, without variables: a field of it
    /// passes a variable as an argument (`PlanError.variableInFragment`).
    case invalidFragment(PlanError, fragment: String)
    /// A fragment's payload is of type `payload` and the record `key` it was written into is
    /// of type `record`, as the store (or the write) holds it: one record holds one object.
    case typenameMismatch(RecordKey, record: String, payload: String)
    /// A fragment's payload identifies another record than the record `key` it was written
    /// into: its key fields name `payload`.
    case keyMismatch(RecordKey, payload: RecordKey)
    /// The store holds no record under the key the write names.
    case noRecord(RecordKey)
    /// A connection ID (`Fragment.connectionID`) names no connection record the store holds,
    /// nor one this write makes.
    case noConnection(String)
    /// A field that takes arguments was set on a record named by key: its storage key comes
    /// from the selection a lens was reached through, so update through that lens.
    case needsSelection(field: String, record: RecordKey)
    /// The environment has ended.
    case ended

    public var description: String {
        switch self {
        case .invalidOperation(let error): "invalid operation: \(error)"
        case .invalidPayload(let error, let operation): "\(operation): invalid payload: \(error)"
        case .invalidFragment(let error, let fragment): "fragment \(fragment): \(error)"
        case .typenameMismatch(let key, let record, let payload):
            "a payload of type \(payload) written into \(key.rawValue), a record of type \(record)"
        case .keyMismatch(let key, let payload):
            "a payload identifying \(payload.rawValue) written into \(key.rawValue)"
        case .noRecord(let key): "no record \(key.rawValue) in the store"
        case .noConnection(let id): "no connection \(id) in the store"
        case .needsSelection(let field, let record):
            "'\(field)' of \(record.rawValue) takes arguments: set it through a lens reached by a query, not by key"
        case .ended: "the environment has ended"
        }
    }
}
