/// An operation's variable: `$name: Type = default @directives`.
///
/// A plain value: safe on any thread.
public struct VariableDefinition: Sendable, Hashable {
    public var name: String
    public var type: TypeReference
    /// The default value, a constant; nil when none is written.
    public var defaultValue: InputValue?
    public var directives: [Directive]
    public var location: SourceLocation

    public init(
        name: String, type: TypeReference, defaultValue: InputValue? = nil, directives: [Directive] = [],
        location: SourceLocation
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}
