/// A named fragment spread: `...Name @directives`.
///
/// A plain value: safe on any thread.
public struct FragmentSpread: Sendable, Hashable {
    public var name: String
    public var directives: [Directive]
    public var location: SourceLocation

    public init(name: String, directives: [Directive] = [], location: SourceLocation) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}
