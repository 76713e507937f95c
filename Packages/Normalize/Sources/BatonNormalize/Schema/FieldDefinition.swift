/// A field of an object or interface type: its arguments, its type, its directives.
///
/// A plain value: safe on any thread.
public struct FieldDefinition: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]

    public init(
        name: String, description: String? = nil, arguments: [InputValueDefinition] = [], type: TypeReference,
        directives: [Directive] = []
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.directives = directives
    }

    /// The definition of the argument named `name`.
    public func argument(_ name: String) -> InputValueDefinition? {
        arguments.first { $0.name == name }
    }

    /// `__typename: String!`, which every composite type has.
    public static let typename = FieldDefinition(name: "__typename", type: .nonNull(.named("String")))
}
