/// A custom scalar (`DateTime`, `Decimal`, `URL`...) converted at the read, from the value
/// the store holds: a string or number, or `.scalar(JSONValue)` for structured JSON.
///
/// An initializer that throws makes the read throw ``LensError/conversion(field:record:type:reason:)``:
/// a value that does not convert is never read as a zero value.
public protocol CustomScalar: ScalarValue {
    init(scalar: Value) throws
}

extension CustomScalar {
    public static func read(_ value: Value, field: String, record: RecordKey) throws(LensError) -> Self {
        switch value {
        case .null, .error, .link, .list: throw value.mismatch("\(Self.self)", field: field, record: record)
        default: break
        }
        do {
            return try Self(scalar: value)
        } catch {
            throw .conversion(field: field, record: record, type: "\(Self.self)", reason: "\(error)")
        }
    }
}
