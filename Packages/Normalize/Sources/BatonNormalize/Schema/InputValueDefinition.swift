/// An argument of a field or directive, or a field of an input object: name, type, default.
///
/// A plain value: safe on any thread.
public struct InputValueDefinition: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var type: TypeReference
    /// The default value (a constant), or nil when none is written.
    public var defaultValue: InputValue?
    public var directives: [Directive]

    public init(
        name: String, description: String? = nil, type: TypeReference, defaultValue: InputValue? = nil,
        directives: [Directive] = []
    ) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
    }
}
