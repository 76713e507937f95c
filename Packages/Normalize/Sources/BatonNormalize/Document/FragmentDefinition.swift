/// A named fragment: `fragment Name on Type @directives { selections }`.
///
/// A plain value: safe on any thread.
public struct FragmentDefinition: Sendable, Hashable {
    public var name: String
    public var typeCondition: String
    public var directives: [Directive]
    public var selectionSet: [Selection]
    public var location: SourceLocation

    public init(
        name: String, typeCondition: String, directives: [Directive] = [], selectionSet: [Selection],
        location: SourceLocation
    ) {
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}
