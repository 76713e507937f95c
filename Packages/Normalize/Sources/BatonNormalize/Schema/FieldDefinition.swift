/// A field of an object or interface type: its arguments, its type, its directives.
///
/// A plain value: safe on any thread.
public struct FieldDefinition: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]
    /// Whether the field is the client's alone: defined by a client extension text (on a type
    /// of the server's schema), or on a type only a client extension defines. No server sends
    /// it: it is left out of the text sent, and its absence from a response is no gap.
    public var isClientOnly: Bool

    public init(
        name: String, description: String? = nil, arguments: [InputValueDefinition] = [], type: TypeReference,
        directives: [Directive] = [], isClientOnly: Bool = false
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.isClientOnly = isClientOnly
    }

    /// The definition of the argument named `name`.
    public func argument(_ name: String) -> InputValueDefinition? {
        arguments.first { $0.name == name }
    }

    /// `__typename: String!`, which every composite type has.
    public static let typename = FieldDefinition(name: "__typename", type: .nonNull(.named("String")))
}
