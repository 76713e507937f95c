/// The kind of the next JSON value, as `JSONReader.peekKind()` reports it.
///
/// A plain value: safe on any thread.
public enum JSONKind: Sendable, Hashable, CustomStringConvertible {
    case object
    case array
    case string
    case number
    case bool
    case null

    public var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
