/// One value of an enum type.
///
/// A plain value: safe on any thread.
public struct EnumValueDefinition: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var directives: [Directive]

    public init(name: String, description: String? = nil, directives: [Directive] = []) {
        self.name = name
        self.description = description
        self.directives = directives
    }
}
