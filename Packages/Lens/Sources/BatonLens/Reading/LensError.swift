/// Why a lens read threw. Every case names the field (its response key) and the record it
/// was read from, never the field's value. A value: safe on any thread.
public enum LensError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The store does not hold the field (never fetched, or the record was deleted):
    /// distinct from a null, which an optional reads as nil.
    case missing(field: String, record: RecordKey)
    /// The server answered the field with an error, stored in its place.
    case fieldError(FieldError, field: String, record: RecordKey)
    /// A null where the lens declares a non-optional type.
    case unexpectedNull(field: String, record: RecordKey)
    /// A value of another kind than the lens declares (a string where an Int is read).
    case typeMismatch(field: String, record: RecordKey, expected: String, found: String)
    /// A custom scalar's initializer rejected the stored value.
    case conversion(field: String, record: RecordKey, type: String, reason: String)
    /// A `@required(action: THROW)` field is null, or a required field under a non-optional
    /// link is.
    case requiredNull(field: String, record: RecordKey)
    /// A field declared with arguments is not selected by the plan the lens was made from.
    case notSelected(field: String, record: RecordKey)

    public var description: String {
        switch self {
        case .missing(let field, let record): "\(record) does not hold \(field)"
        case .fieldError(let error, let field, let record): "\(record).\(field) is a field error: \(error.message)"
        case .unexpectedNull(let field, let record): "\(record).\(field) is null but the lens reads it as non-optional"
        case .typeMismatch(let field, let record, let expected, let found):
            "\(record).\(field): expected \(expected), found \(found)"
        case .conversion(let field, let record, let type, let reason):
            "\(record).\(field) does not convert to \(type): \(reason)"
        case .requiredNull(let field, let record): "\(record).\(field) is @required and null"
        case .notSelected(let field, let record): "\(field) is not selected on \(record) by the lens's plan"
        }
    }
}
