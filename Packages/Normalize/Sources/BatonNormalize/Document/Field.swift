/// A field selection: `alias: name(arguments) @directives { selections }`.
///
/// A plain value: safe on any thread.
public struct Field: Sendable, Hashable {
    public var alias: String?
    public var name: String
    public var arguments: [Argument]
    public var directives: [Directive]
    /// The sub-selections, or nil for a leaf field.
    public var selectionSet: [Selection]?
    public var location: SourceLocation

    public init(
        alias: String? = nil, name: String, arguments: [Argument] = [], directives: [Directive] = [],
        selectionSet: [Selection]? = nil, location: SourceLocation
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }

    /// The key the field's value has in a response: the alias, or the name when there is none.
    public var responseKey: String { alias ?? name }

    /// The value of the argument named `name`, if given.
    public func argument(_ name: String) -> InputValue? {
        arguments.first { $0.name == name }?.value
    }
}
