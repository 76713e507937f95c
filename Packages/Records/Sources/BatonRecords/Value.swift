/// What a record's field holds.
///
/// A value is compared before it is written: a write of an equal value is not a change and
/// notifies no one. A field the store does not hold has no value at all (`nil` where a
/// `Value?` is read), which is not the same as `.null`.
public enum Value: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// A custom scalar whose JSON is not one of the plain cases (an object, say).
    indirect case scalar(JSONValue)
    /// A link to another record.
    case link(RecordKey)
    /// A list of values; lists of lists nest.
    case list([Value])
    /// A field error, stored where the value it replaced would be.
    indirect case error(FieldError)
}

extension Value {
    /// The linked record's key, when this is a link.
    public var link: RecordKey? {
        if case .link(let key) = self { return key }
        return nil
    }

    /// The error, when this is a field error.
    public var fieldError: FieldError? {
        if case .error(let error) = self { return error }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Calls `body` with every key this value links to, in lists at any depth.
    @inlinable
    public func forEachLink(_ body: (RecordKey) throws -> Void) rethrows {
        switch self {
        case .link(let key): try body(key)
        case .list(let elements):
            for element in elements { try element.forEachLink(body) }
        default: break
        }
    }

    /// The value as JSON, links written as their keys' text and errors as `null`.
    public var json: JSONValue {
        switch self {
        case .null, .error: .null
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .scalar(let json): json
        case .link(let key): .string(key.rawValue)
        case .list(let elements): .array(elements.map(\.json))
        }
    }
}

extension Value: CustomStringConvertible {
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): String(b)
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .string(let s): JSONValue.string(s).jsonText()
        case .scalar(let json): json.jsonText()
        case .link(let key): "→" + key.rawValue
        case .list(let elements): "[" + elements.map(\.description).joined(separator: ",") + "]"
        case .error(let error): "error(\(error.message))"
        }
    }
}
