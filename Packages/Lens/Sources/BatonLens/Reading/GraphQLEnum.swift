/// A GraphQL enum as a Swift enum: a case per value the schema declared when the code was
/// written, and a case for any other value that keeps its text, so a server that adds a
/// value never breaks a read.
///
/// ```swift
/// enum CharacterStatus: GraphQLEnum {
///     case alive, dead, unknownStatus
///     case unknown(String)              // satisfies `static func unknown(_:)`
///     init(rawValue: String) {
///         switch rawValue {
///         case "Alive": self = .alive
///         case "Dead": self = .dead
///         case "unknown": self = .unknownStatus
///         default: self = .unknown(rawValue)
///         }
///     }
///     var rawValue: String { ... }
/// }
/// ```
public protocol GraphQLEnum: ScalarValue, GraphQLInputValue, RawRepresentable<String> {
    /// The case for a value not declared: an enum case `unknown(String)` satisfies it.
    static func unknown(_ rawValue: String) -> Self
}

extension GraphQLEnum {
    public static func read(_ value: Value, field: String, record: RecordKey) throws(LensError) -> Self {
        guard case .string(let text) = value else {
            throw value.mismatch("enum \(Self.self)", field: field, record: record)
        }
        return Self(rawValue: text) ?? .unknown(text)
    }

    public static func converted(_ value: Value) -> Self? {
        guard case .string(let text) = value else { return nil }
        return Self(rawValue: text) ?? .unknown(text)
    }
}
