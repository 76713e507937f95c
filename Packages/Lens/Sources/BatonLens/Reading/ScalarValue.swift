/// A type a ``Scalar`` field reads as: how a stored `Value` becomes it.
///
/// Conforming: `String`, `Int`, `Double` (an int reads as a Double too), `Bool`, `Value`
/// (raw), every ``GraphQLEnum`` and ``CustomScalar``, and optionals and arrays of these.
/// A null reads as nil only through an optional; a value that does not convert throws,
/// never reads as a zero value. A field error inside a list throws.
public protocol ScalarValue {
    /// The value of `value`, a field's stored value that is not a field error at the top
    /// level; `field` and `record` only name the field in errors.
    static func read(_ value: Value, field: String, record: RecordKey) throws(LensError) -> Self

    /// The value of `value` when it converts, without naming the field: nil sends the read
    /// to ``read(_:field:record:)``, which converts or throws. A lens read asks this first,
    /// so a field that converts costs no copy of its name and its record's key. The default
    /// is nil: a type that does not implement it reads through ``read(_:field:record:)`` only.
    static func converted(_ value: Value) -> Self?
}

extension ScalarValue {
    @inlinable
    public static func converted(_ value: Value) -> Self? { nil }
}

extension Value {
    /// The error to throw for a value that is not of `expected` kind.
    @usableFromInline
    func mismatch(_ expected: String, field: String, record: RecordKey) -> LensError {
        switch self {
        case .null: .unexpectedNull(field: field, record: record)
        case .error(let error): .fieldError(error, field: field, record: record)
        default: .typeMismatch(field: field, record: record, expected: expected, found: kindName)
        }
    }
}

extension String: ScalarValue {
    @inlinable
    public static func read(_ value: Value, field: String, record: RecordKey) throws(LensError) -> String {
        if case .string(let string) = value { return string }
        throw value.mismatch("String", field: field, record: record)
    }

    @inlinable
    public static func converted(_ value: Value) -> String? {
        if case .string(let string) = value { return string }
        return nil
    }
}

extension Int: ScalarValue {
    @inlinable
    public static func read(_ value: Value, field: String, record: RecordKey) throws(LensError) -> Int {
        if case .int(let int) = value { return int }
        throw value.mismatch("Int", field: field, record: record)
    }

    @inlinable
    public static func converted(_ value: Value) -> Int? {
        if case .int(let int) = value { return int }
        return nil
    }
}

extension Double: ScalarValue {
    @inlinable
    public static func read(_ value: Value, field: String, record: RecordKey) throws(LensError) -> Double {
        switch value {
        case .double(let double): return double
        case .int(let int): return Double(int)
        default: throw value.mismatch("Double", field: field, record: record)
        }
    }

    @inlinable
    public static func converted(_ value: Value) -> Double? {
        switch value {
        case .double(let double): return double
        case .int(let int): return Double(int)
        default: return nil
        }
    }
}

extension Bool: ScalarValue {
    @inlinable
    public static func read(_ value: Value, field: String, record: RecordKey) throws(LensError) -> Bool {
        if case .bool(let bool) = value { return bool }
        throw value.mismatch("Bool", field: field, record: record)
    }

    @inlinable
    public static func converted(_ value: Value) -> Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }
}

extension Value: ScalarValue {
    /// The stored value as is (null included); a field error inside a list stays a value.
    public static func read(_ value: Value, field: String, record: RecordKey) throws(LensError) -> Value {
        value
    }

    /// The stored value as is, but a field error: that read goes to the field's address.
    public static func converted(_ value: Value) -> Value? {
        if case .error = value { return nil }
        return value
    }
}

extension Optional: ScalarValue where Wrapped: ScalarValue {
    @inlinable
    public static func read(_ value: Value, field: String, record: RecordKey) throws(LensError) -> Wrapped? {
        if case .null = value { return nil }
        return try Wrapped.read(value, field: field, record: record)
    }

    /// A null converts to nil; anything else as `Wrapped` converts it.
    @inlinable
    public static func converted(_ value: Value) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        return Wrapped.converted(value).map { .some($0) }
    }
}

extension Array: ScalarValue where Element: ScalarValue {
    public static func read(_ value: Value, field: String, record: RecordKey) throws(LensError) -> [Element] {
        guard case .list(let elements) = value else { throw value.mismatch("list", field: field, record: record) }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            if case .error(let error) = element, Element.self != Value.self {
                throw .fieldError(error, field: field, record: record)
            }
            result.append(try Element.read(element, field: field, record: record))
        }
        return result
    }
}
