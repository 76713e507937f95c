/// A place in the SDL texts a schema was parsed from: which text (0-based, in the order given
/// to `GraphQLSchema.parse(sdl:)`) and where in it. A plain value.
public struct SchemaPosition: Sendable, Hashable, CustomStringConvertible {
    public let text: Int
    public let location: SourceLocation

    public init(text: Int, location: SourceLocation) {
        self.text = text
        self.location = location
    }

    public var description: String { "text \(text + 1), \(location)" }
}

/// A field (of an object, interface or input object) that the schema's texts define more than
/// once, in one definition or through an extension. The schema keeps the first definition; the
/// compiler warns with both places. A plain value.
public struct DuplicateFieldDefinition: Sendable, Hashable {
    public let typeName: String
    public let fieldName: String
    /// Where the definition the schema keeps is.
    public let first: SchemaPosition
    /// Where the later one, which the schema ignores, is.
    public let again: SchemaPosition

    public init(typeName: String, fieldName: String, first: SchemaPosition, again: SchemaPosition) {
        self.typeName = typeName
        self.fieldName = fieldName
        self.first = first
        self.again = again
    }
}

/// Where a type definition or extension names one of its fields: recorded while parsing,
/// consumed when the builder merges the texts.
struct FieldSite: Sendable, Hashable {
    let name: String
    let location: SourceLocation
}
