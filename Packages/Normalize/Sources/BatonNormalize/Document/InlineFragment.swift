/// An inline fragment: `... on Type @directives { selections }`, the type condition optional.
///
/// A plain value: safe on any thread.
public struct InlineFragment: Sendable, Hashable {
    public var typeCondition: String?
    public var directives: [Directive]
    public var selectionSet: [Selection]
    public var location: SourceLocation

    public init(
        typeCondition: String? = nil, directives: [Directive] = [], selectionSet: [Selection],
        location: SourceLocation
    ) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}
