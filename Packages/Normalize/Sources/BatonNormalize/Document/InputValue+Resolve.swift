import BatonRecords

extension InputValue {
    /// The value as JSON with `variables` substituted.
    ///
    /// Nil only when the value is a variable `variables` does not hold (undefined). Inside a list an
    /// undefined variable becomes null; inside an object its member is left out. Ints become `.int`,
    /// or `.double` when they do not fit in `Int`; floats become `.double`; enum values `.string`.
    public func resolved(_ variables: [String: JSONValue]) -> JSONValue? {
        switch self {
        case .variable(let name):
            return variables[name]
        case .int(let text):
            if let value = Int(text) { return .int(value) }
            return .double(Double(text) ?? .nan)
        case .float(let text):
            return .double(Double(text) ?? .nan)
        case .string(let text):
            return .string(text)
        case .boolean(let value):
            return .bool(value)
        case .null:
            return .null
        case .enumValue(let name):
            return .string(name)
        case .list(let items):
            return .array(items.map { $0.resolved(variables) ?? .null })
        case .object(let fields):
            return .object(fields.compactMap { field in field.value.resolved(variables).map { (field.name, $0) } })
        }
    }
}
