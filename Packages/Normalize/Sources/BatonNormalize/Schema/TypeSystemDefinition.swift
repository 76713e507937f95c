/// One definition or extension of SDL text as parsed, before a `SchemaBuilder` merges it.
enum TypeSystemDefinition: Sendable {
    /// `schema { … }` or `extend schema …`: root operation types and directives.
    case schema(roots: [(OperationKind, String)], directives: [Directive], isExtension: Bool, location: SourceLocation)
    /// A type, or for an extension the members it adds.
    case type(SchemaType, isExtension: Bool)
    case directive(DirectiveDefinition, location: SourceLocation)
}
