/// The built-in scalar or enum a leaf field is, and so the JSON its value must come as.
///
/// GraphQL's result coercion, read by the client: `String` and enums are JSON strings,
/// `Boolean` a JSON boolean, `Float` any JSON number, `Int` a JSON integer (one beyond GraphQL's
/// 32 bits is kept, as the conformance suite's tokenizer case pins: Swift's `Int` holds 64
/// bits exactly, and servers that send 64-bit counts would otherwise lose whole responses;
/// one beyond 64 bits, or with a fraction, is rejected), `ID` a JSON string or integer (an integer is kept as its decimal text, as a
/// server serializes it). Null is for nullability to judge, not the scalar. A custom scalar
/// has no `LeafScalar`: its JSON is its own business. A plain value.
public enum LeafScalar: UInt8, Sendable, Hashable {
    case string
    case id
    case int
    case float
    case boolean
    /// An enum's value: a string; one the schema does not list is kept (lenses read it as
    /// `unknown`).
    case enumValue

    /// The kind of a leaf whose named type is `typeName`, a built-in scalar or, when
    /// `isPlainLeaf` says so, an enum; nil for a custom scalar or an unknown type.
    public init?(typeName: String?, isPlainLeaf: Bool) {
        guard isPlainLeaf, let typeName else { return nil }
        switch typeName {
        case "String": self = .string
        case "ID": self = .id
        case "Int": self = .int
        case "Float": self = .float
        case "Boolean": self = .boolean
        default: self = .enumValue
        }
    }

    /// Whether a JSON string is a value of this kind.
    var takesStrings: Bool { self == .string || self == .id || self == .enumValue }

    /// The JSON a value of this kind must be, for errors: `a JSON string`.
    public var expectation: String {
        switch self {
        case .string, .enumValue: "a JSON string"
        case .id: "a JSON string or integer"
        case .int: "a JSON integer"
        case .float: "a JSON number"
        case .boolean: "a JSON boolean"
        }
    }
}
