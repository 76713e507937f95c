/// A type as written in a document or schema: a named type, a list of a type, or a non-null type.
///
/// A plain value: safe on any thread.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    case named(String)
    case list(TypeReference)
    case nonNull(TypeReference)

    /// The named type at the bottom of any list and non-null wrappers.
    public var namedType: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without its outermost non-null wrapper.
    public var nullable: TypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// The type in GraphQL notation, e.g. `[Int!]!`.
    public var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner.description)]"
        case .nonNull(let inner): "\(inner.description)!"
        }
    }
}
