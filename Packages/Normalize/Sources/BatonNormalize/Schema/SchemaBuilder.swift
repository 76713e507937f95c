/// Merges the definitions of several SDL texts into one schema: definitions first, then every
/// extension in order, then the built-in scalars and directives the texts do not declare.
///
/// A value type used on one thread while a schema is built.
struct SchemaBuilder {
    private var types: [String: SchemaType] = [:]
    private var directives: [String: DirectiveDefinition] = [:]
    private var roots: [OperationKind: String] = [:]
    private var schemaDirectives: [Directive] = []
    private var hasSchemaDefinition = false
    private var extensions: [(definition: TypeSystemDefinition, text: Int)] = []
    /// Where each type's fields were first defined, and the names defined again.
    private var fieldPositions: [String: [String: SchemaPosition]] = [:]
    private var duplicateFields: [DuplicateFieldDefinition] = []
    /// The texts that are client extensions, and the types they define.
    private var clientTexts: Set<Int> = []
    private var clientTypes: Set<String> = []
    private var hasClientOnlyFields = false

    static let builtInScalars = ["Int", "Float", "String", "Boolean", "ID"]

    static let builtInDirectives = """
        directive @skip(if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @include(if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @deprecated(reason: String = "No longer supported") on FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM_VALUE
        directive @specifiedBy(url: String!) on SCALAR
        """

    /// Adds the definitions of `text`, the text at that index of `count`; a `client` text is a
    /// client extension, whose fields are client-only (``FieldDefinition/isClientOnly``).
    mutating func add(
        _ definitions: [TypeSystemDefinition], text: Int, of count: Int, client: Bool = false
    ) throws(GraphQLSyntaxError) {
        if client { clientTexts.insert(text) }
        for definition in definitions {
            switch definition {
            case .schema(let roots, let directives, let isExtension, let location):
                if isExtension {
                    extensions.append((definition, text))
                    continue
                }
                if hasSchemaDefinition {
                    throw error("The schema is defined more than once", at: location, text: text, of: count)
                }
                hasSchemaDefinition = true
                schemaDirectives = directives
                try setRoots(roots, at: location, text: text, of: count)
            case .type(let type, let isExtension):
                if isExtension {
                    extensions.append((definition, text))
                    continue
                }
                if let first = types[type.name] {
                    throw error(
                        "Type '\(type.name)' is defined more than once (first at \(first.location))",
                        at: type.location, text: text, of: count)
                }
                var type = type
                placeFields(of: &type, text: text)
                if client {
                    type.markClientOnly()
                    clientTypes.insert(type.name)
                    hasClientOnlyFields = hasClientOnlyFields || !type.fields.isEmpty
                }
                types[type.name] = type
            case .directive(let directive, _):
                if directives[directive.name] == nil { directives[directive.name] = directive }
            }
        }
    }

    /// Records where `type`'s definition or extension in `text` names each field, and each name
    /// already defined, then empties its sites.
    private mutating func placeFields(of type: inout SchemaType, text: Int) {
        for site in type.fieldSites {
            let here = SchemaPosition(text: text, location: site.location)
            if let first = fieldPositions[type.name]?[site.name] {
                duplicateFields.append(
                    DuplicateFieldDefinition(typeName: type.name, fieldName: site.name, first: first, again: here))
            } else {
                fieldPositions[type.name, default: [:]][site.name] = here
            }
        }
        type.fieldSites = []
    }

    /// Throws when the client extension `addition` (of `text`) names a field a server text
    /// defines: the server sends that field, so the client cannot define it as its own.
    private func checkAdditions(_ addition: SchemaType, text: Int, of count: Int) throws(GraphQLSyntaxError) {
        for site in addition.fieldSites {
            guard let first = fieldPositions[addition.name]?[site.name], !clientTexts.contains(first.text) else {
                continue
            }
            throw error(
                "Field '\(addition.name).\(site.name)' is a field of the server's schema: a client extension adds client-only fields and cannot define a server field again",
                at: site.location, text: text, of: count)
        }
    }

    private mutating func setRoots(
        _ newRoots: [(OperationKind, String)], at location: SourceLocation, text: Int, of count: Int
    ) throws(GraphQLSyntaxError) {
        for (kind, name) in newRoots {
            if roots[kind] != nil {
                throw error(
                    "The \(kind.rawValue) root type is defined more than once", at: location, text: text, of: count)
            }
            roots[kind] = name
        }
    }

    private func error(_ message: String, at location: SourceLocation, text: Int, of count: Int) -> GraphQLSyntaxError {
        GraphQLSyntaxError(count > 1 ? "\(message) (in SDL text \(text + 1) of \(count))" : message, at: location)
    }

    mutating func build(textCount: Int) throws(GraphQLSyntaxError) -> GraphQLSchema {
        for (definition, text) in extensions {
            switch definition {
            case .schema(let newRoots, let newDirectives, _, let location):
                schemaDirectives.append(contentsOf: newDirectives)
                try setRoots(newRoots, at: location, text: text, of: textCount)
            case .type(var addition, _):
                if clientTexts.contains(text) { try checkAdditions(addition, text: text, of: textCount) }
                placeFields(of: &addition, text: text)
                if clientTexts.contains(text) || clientTypes.contains(addition.name) {
                    addition.markClientOnly()
                    hasClientOnlyFields = hasClientOnlyFields || !addition.fields.isEmpty
                }
                guard var type = types[addition.name] else {
                    throw error(
                        "Cannot extend type '\(addition.name)': no such type is defined",
                        at: addition.location, text: text, of: textCount)
                }
                guard type.kind == addition.kind else {
                    throw error(
                        "Cannot extend \(type.kind.rawValue) '\(type.name)' as \(addition.kind.rawValue)",
                        at: addition.location, text: text, of: textCount)
                }
                for field in addition.fields { type.add(field) }
                for field in addition.inputFields { type.add(inputField: field) }
                type.interfaces.append(contentsOf: addition.interfaces.filter { !type.interfaces.contains($0) })
                type.unionMembers.append(contentsOf: addition.unionMembers.filter { !type.unionMembers.contains($0) })
                type.enumValues.append(contentsOf: addition.enumValues)
                type.directives.append(contentsOf: addition.directives)
                types[type.name] = type
            case .directive:
                break
            }
        }
        for name in SchemaBuilder.builtInScalars where types[name] == nil {
            types[name] = SchemaType(name: name, kind: .scalar, location: SourceLocation(line: 0, column: 0))
        }
        var builtIns = try Parser(SchemaBuilder.builtInDirectives)
        for case .directive(let directive, _) in try builtIns.parseTypeSystemDocument()
        where directives[directive.name] == nil {
            directives[directive.name] = directive
        }
        if !hasSchemaDefinition {
            for (kind, name) in [
                (OperationKind.query, "Query"), (.mutation, "Mutation"), (.subscription, "Subscription"),
            ]
            where roots[kind] == nil && types[name] != nil {
                roots[kind] = name
            }
        }
        var schema = GraphQLSchema(
            types: types, directives: directives, queryType: roots[.query], mutationType: roots[.mutation],
            subscriptionType: roots[.subscription], schemaDirectives: schemaDirectives)
        schema.duplicateFields = duplicateFields
        schema.hasClientOnlyFields = hasClientOnlyFields
        return schema
    }
}
