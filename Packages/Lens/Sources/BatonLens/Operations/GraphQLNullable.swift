/// A nullable variable or input field as a request holds it: left out, an explicit `null`,
/// or a value. Generated `Variables` and input objects store their nullable members as one,
/// and take a plain optional in their initializers (nil: left out).
///
/// ```swift
/// var variables = UpdateNoteMutation.Variables(id: "n1")   // description left out
/// variables.description = .null                           // the server clears it
/// ```
public enum GraphQLNullable<Wrapped> {
    /// Not sent: the variable's default applies, or the field keeps its value.
    case absent
    /// Sent as `null`.
    case null
    /// Sent as the value.
    case some(Wrapped)

    /// `.some` of a value, `.absent` of nil.
    public init(_ optional: Wrapped?) {
        self = optional.map(GraphQLNullable.some) ?? .absent
    }

    /// The value, or nil when absent or null.
    public var unwrapped: Wrapped? {
        if case .some(let wrapped) = self { return wrapped }
        return nil
    }
}

extension GraphQLNullable: ExpressibleByNilLiteral {
    /// `nil` is absent, as for a plain optional.
    public init(nilLiteral: ()) {
        self = .absent
    }
}

extension GraphQLNullable: Equatable where Wrapped: Equatable {}
extension GraphQLNullable: Hashable where Wrapped: Hashable {}
extension GraphQLNullable: Sendable where Wrapped: Sendable {}

extension GraphQLNullable where Wrapped: GraphQLInputValue {
    /// What the request holds: nil when absent (the member is left out).
    public var inputValue: JSONValue? {
        switch self {
        case .absent: nil
        case .null: .null
        case .some(let wrapped): wrapped.inputValue
        }
    }
}
