import BatonNormalize

/// The query a `@refetchable(queryName:)` fragment is fetched again through, as validation
/// derives it: the fragment spread at the root (a fragment on the query type), or under the
/// root field that looks its record up by identity (`node(id: $id)`, a configured lookup such
/// as `character(id: $id)`), taking the variables the fragment uses plus the lookup's.
///
/// A plain value: safe on any thread.
struct RefetchQuery: Sendable, Hashable {
    /// The root field a record is found through, and which key field fills each argument.
    struct Lookup: Sendable, Hashable {
        let field: String
        /// The lookup's arguments with the key field each takes and the argument's type.
        let arguments: [(argument: String, keyField: String, type: TypeReference)]

        static func == (lhs: Lookup, rhs: Lookup) -> Bool {
            lhs.field == rhs.field
                && lhs.arguments.map { [$0.argument, $0.keyField, "\($0.type)"] }
                    == rhs.arguments.map { [$0.argument, $0.keyField, "\($0.type)"] }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(field)
            for argument in arguments { hasher.combine(argument.argument) }
        }
    }

    let fragment: String
    let queryName: String
    /// Nil for a fragment on the query type.
    let lookup: Lookup?
    /// The variables the fragment (and the fragments it spreads) uses of the operation's, each
    /// typed as its first non-null position, else its first.
    let variables: [(name: String, type: TypeReference)]
    /// The fragment's own arguments (`@argumentDefinitions`): each becomes a variable of the
    /// query of the same name, type and default, passed to the spread with `@arguments`.
    let arguments: [FragmentArgumentDefinition]
    /// Where the directive is, to place what generating the query finds.
    let location: SourceLocation
    let source: GraphQLSource

    static func == (lhs: RefetchQuery, rhs: RefetchQuery) -> Bool {
        lhs.fragment == rhs.fragment && lhs.queryName == rhs.queryName && lhs.lookup == rhs.lookup
            && lhs.variables.map { "\($0.name):\($0.type)" } == rhs.variables.map { "\($0.name):\($0.type)" }
            && lhs.arguments == rhs.arguments
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(fragment)
        hasher.combine(queryName)
    }

    /// The query as a document definition: `query Q($id: ID!, $first: Int) { node(id: $id) { ...F } }`;
    /// a fragment with arguments is spread as `...F @arguments(count: $count)`.
    var operation: OperationDefinition {
        let passed = arguments.map { Argument(name: $0.name, value: .variable($0.name)) }
        let spread = Selection.fragmentSpread(
            FragmentSpread(
                name: fragment,
                directives: passed.isEmpty
                    ? [] : [Directive(name: Document.argumentsDirective, arguments: passed, location: location)],
                location: location))
        var definitions: [VariableDefinition] = []
        let selections: [Selection]
        if let lookup {
            for argument in lookup.arguments {
                definitions.append(VariableDefinition(name: argument.argument, type: argument.type, location: location))
            }
            selections = [
                .field(
                    Field(
                        name: lookup.field,
                        arguments: lookup.arguments.map { Argument(name: $0.argument, value: .variable($0.argument)) },
                        selectionSet: [spread], location: location))
            ]
        } else {
            selections = [spread]
        }
        for variable in variables {
            definitions.append(VariableDefinition(name: variable.name, type: variable.type, location: location))
        }
        for argument in arguments {
            guard let type = argument.type else { continue }
            definitions.append(
                VariableDefinition(
                    name: argument.name, type: type, defaultValue: argument.defaultValue, location: location))
        }
        return OperationDefinition(
            kind: .query, name: queryName, variableDefinitions: definitions, selectionSet: selections,
            location: location)
    }
}
