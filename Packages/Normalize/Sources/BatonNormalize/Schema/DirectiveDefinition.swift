/// A directive a schema declares: `directive @name(arguments) repeatable on LOCATION | …`.
///
/// A plain value: safe on any thread.
public struct DirectiveDefinition: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var arguments: [InputValueDefinition]
    public var isRepeatable: Bool
    /// The locations as written, e.g. `FIELD`, `FRAGMENT_SPREAD`.
    public var locations: [String]

    public init(
        name: String, description: String? = nil, arguments: [InputValueDefinition] = [],
        isRepeatable: Bool = false, locations: [String]
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
    }
}
