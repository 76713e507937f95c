/// A named argument of a field or directive.
///
/// A plain value: safe on any thread.
public struct Argument: Sendable, Hashable {
    public var name: String
    public var value: InputValue

    public init(name: String, value: InputValue) {
        self.name = name
        self.value = value
    }
}
