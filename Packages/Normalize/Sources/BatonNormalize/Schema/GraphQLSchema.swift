/// A GraphQL schema read from SDL: its types by name, its root operation types, its directives.
///
/// Answers what the normalizer asks of a schema: a field's definition on a type, whether a type is
/// abstract, which object types an abstract type may be, whether a type condition applies to a
/// concrete type. Immutable once built: safe on any thread.
public struct GraphQLSchema: Sendable {
    public let types: [String: SchemaType]
    /// The directives the texts declare, plus `@skip`, `@include`, `@deprecated` and
    /// `@specifiedBy` when they do not.
    public let directives: [String: DirectiveDefinition]
    public let queryType: String?
    public let mutationType: String?
    public let subscriptionType: String?
    /// The directives applied to `schema` and its extensions.
    public let schemaDirectives: [Directive]
    /// The fields the texts define more than once (the first definition is the one kept), in
    /// the order met: definitions first, then extensions.
    public internal(set) var duplicateFields: [DuplicateFieldDefinition] = []
    /// Whether a client extension defines a field (see ``FieldDefinition/isClientOnly``).
    public internal(set) var hasClientOnlyFields = false
    /// For each interface, the object types that implement it, directly or through other interfaces.
    let implementations: [String: Set<String>]
    /// For each object or interface type, the interfaces it implements, directly or transitively.
    let ancestors: [String: Set<String>]

    init(
        types: [String: SchemaType], directives: [String: DirectiveDefinition], queryType: String?,
        mutationType: String?, subscriptionType: String?, schemaDirectives: [Directive]
    ) {
        self.types = types
        self.directives = directives
        self.queryType = queryType
        self.mutationType = mutationType
        self.subscriptionType = subscriptionType
        self.schemaDirectives = schemaDirectives
        var ancestors: [String: Set<String>] = [:]
        func interfaces(above name: String) -> Set<String> {
            var result: Set<String> = []
            var pending = types[name]?.interfaces ?? []
            while let interface = pending.popLast() {
                if result.insert(interface).inserted { pending.append(contentsOf: types[interface]?.interfaces ?? []) }
            }
            return result
        }
        var implementations: [String: Set<String>] = [:]
        for type in types.values where type.kind == .object || type.kind == .interface {
            let result = interfaces(above: type.name)
            ancestors[type.name] = result
            if type.kind == .object {
                for interface in result { implementations[interface, default: []].insert(type.name) }
            }
        }
        self.ancestors = ancestors
        self.implementations = implementations
    }

    /// Parses one or more SDL texts (e.g. a schema and the extensions a server serves too) into
    /// one schema. Extensions apply after every text's definitions, so they may precede what
    /// they extend.
    public static func parse(sdl texts: String...) throws(GraphQLSyntaxError) -> GraphQLSchema {
        try parse(sdl: texts)
    }

    /// Parses the server's SDL `texts`, then the `clientExtensions`: texts whose fields are
    /// the client's alone (``FieldDefinition/isClientOnly``), such as
    /// `extend type Character { isFavorite: Boolean }`, or every field of a type they define.
    /// Texts are numbered in that order (a message says "in SDL text 3 of 3"). A client
    /// extension that defines a field a server text defines throws.
    public static func parse(sdl texts: [String], clientExtensions: [String] = []) throws(GraphQLSyntaxError)
        -> GraphQLSchema
    {
        var builder = SchemaBuilder()
        let all = texts + clientExtensions
        for (index, text) in all.enumerated() {
            var parser = try Parser(text)
            try builder.add(
                try parser.parseTypeSystemDocument(), text: index, of: all.count, client: index >= texts.count)
        }
        return try builder.build(textCount: all.count)
    }
}
