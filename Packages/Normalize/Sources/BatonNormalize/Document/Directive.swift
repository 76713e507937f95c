/// A directive applied in a document or schema, e.g. `@include(if: $flag)`.
///
/// A plain value: safe on any thread.
public struct Directive: Sendable, Hashable {
    public var name: String
    public var arguments: [Argument]
    public var location: SourceLocation

    public init(name: String, arguments: [Argument] = [], location: SourceLocation) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }

    /// The value of the argument named `name`, if given.
    public func argument(_ name: String) -> InputValue? {
        arguments.first { $0.name == name }?.value
    }
}
