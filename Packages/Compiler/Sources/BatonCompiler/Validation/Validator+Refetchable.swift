import BatonNormalize

extension Validator {
    /// The errors of `documents` and, when there are none, the refetch query of each
    /// `@refetchable` fragment.
    static func validate(_ documents: DocumentSet, schema: CompilerSchema) -> (
        errors: [CompilerError], refetchQueries: [RefetchQuery]
    ) {
        var validator = Validator(
            schema: schema.schema, documents: documents, keyFields: schema.configuration.keyFields)
        validator.run()
        guard validator.errors.isEmpty else { return (validator.errors, []) }
        let queries = validator.refetchQueries(schema)
        return (validator.errors, queries)
    }

    /// `@refetchable(queryName:)` marks a fragment on the query type, on `Node` or a type
    /// implementing it (refetched through `node(id:)`), or on a type a configured lookup finds
    /// by its key fields; its query's name is another operation's or refetch query's nowhere,
    /// and the fragment uses no variable the lookup's arguments take.
    private mutating func refetchQueries(_ compilerSchema: CompilerSchema) -> [RefetchQuery] {
        var queries: [RefetchQuery] = []
        // What each GraphQL operation name and each generated Swift type name is taken by.
        var operationNames: [String: String] = [:]
        var typeNames: [String: String] = [:]
        for entry in documents.entries {
            switch entry.definition {
            case .operation(let operation):
                guard let name = operation.name else { continue }
                let suffix = operation.kind.rawValue.prefix(1).uppercased() + operation.kind.rawValue.dropFirst()
                operationNames[name] = "operation '\(name)'"
                typeNames[name.hasSuffix(suffix) ? name : name + suffix] = "operation '\(name)'"
            case .fragment(let fragment): typeNames[fragment.name] = "fragment '\(fragment.name)'"
            }
        }
        let root = schema.queryType ?? "Query"
        for entry in documents.entries {
            guard case .fragment(let fragment) = entry.definition,
                let directive = fragment.directives.first(where: { $0.name == "refetchable" })
            else { continue }
            let source = entry.source
            guard case .string(let queryName)? = directive.argument("queryName"), !queryName.isEmpty else {
                report(
                    .clientDirective, "@refetchable needs a queryName: the name of the query it generates",
                    at: directive.location, in: source)
                continue
            }
            let typeName = queryName.hasSuffix("Query") ? queryName : queryName + "Query"
            if let taken = operationNames[queryName] ?? typeNames[typeName] {
                report(
                    .clientDirective,
                    "@refetchable(queryName: \"\(queryName)\") on '\(fragment.name)' names \(taken) (Swift type '\(typeName)'): each refetch query needs a name of its own",
                    at: directive.location, in: source)
                continue
            }
            operationNames[queryName] = "the refetch query of '\(fragment.name)'"
            typeNames[typeName] = "the refetch query of '\(fragment.name)'"
            var lookup: RefetchQuery.Lookup?
            if fragment.typeCondition != root {
                guard let found = compilerSchema.lookup(for: fragment.typeCondition) else {
                    report(
                        .clientDirective,
                        "@refetchable fragment '\(fragment.name)' is on '\(fragment.typeCondition)', which it cannot be fetched again through: "
                            + "a refetchable fragment is on '\(root)', on 'Node' or a type implementing it, or on a type the configuration's lookups find",
                        at: directive.location, in: source)
                    continue
                }
                let keys = found.field == "node" ? ["id"] : compilerSchema.keyFields(of: fragment.typeCondition)
                guard keys.count == found.arguments.count, let field = schema.field(found.field, on: root) else {
                    report(
                        .clientDirective,
                        "@refetchable fragment '\(fragment.name)': lookup '\(found.field)' takes \(found.arguments.count) argument(s) but '\(fragment.typeCondition)' has key fields \(keys)",
                        at: directive.location, in: source)
                    continue
                }
                var arguments: [(argument: String, keyField: String, type: TypeReference)] = []
                for (argument, key) in zip(found.arguments, keys) {
                    guard let definition = field.arguments.first(where: { $0.name == argument }) else { continue }
                    arguments.append((argument, key, definition.type))
                }
                lookup = RefetchQuery.Lookup(field: found.field, arguments: arguments)
            }
            let variables = variableTypes(of: fragment)
            let arguments = fragment.argumentDefinitions
            if let clash = arguments.first(where: { argument in variables.contains { $0.name == argument.name } }) {
                report(
                    .clientDirective,
                    "@refetchable fragment '\(fragment.name)' declares the argument '\(clash.name)', and a fragment it spreads uses the operation's '$\(clash.name)': its refetch query would take both as one variable; rename one",
                    at: directive.location, in: source)
                continue
            }
            if let clash = (variables.map(\.name) + arguments.map(\.name)).first(where: { name in
                lookup?.arguments.contains { $0.argument == name } == true
            }) {
                report(
                    .clientDirective,
                    "@refetchable fragment '\(fragment.name)' uses '$\(clash)', which its refetch query's lookup '\(lookup?.field ?? "")' takes: rename the variable",
                    at: directive.location, in: source)
                continue
            }
            queries.append(
                RefetchQuery(
                    fragment: fragment.name, queryName: queryName, lookup: lookup, variables: variables,
                    arguments: arguments, location: directive.location, source: source))
        }
        return queries
    }

    /// The operation's variables `fragment` and the fragments it spreads use (not a fragment's
    /// own arguments), in name order, each typed as its first non-null position, else its first.
    private func variableTypes(of fragment: FragmentDefinition) -> [(name: String, type: TypeReference)] {
        let probe = OperationDefinition(
            kind: .query,
            selectionSet: [.fragmentSpread(FragmentSpread(name: fragment.name, location: fragment.location))],
            location: fragment.location)
        var all: [VariableUsage] = []
        for used in documents.document.fragments(usedBy: probe) {
            let own = Set(used.argumentDefinitions.map(\.name))
            all += (usages["fragment:\(used.name)"] ?? []).filter { !own.contains($0.name) }
        }
        var types: [String: TypeReference] = [:]
        for usage in all {
            let type = usage.locationHasDefault ? usage.locationType.nullable : usage.locationType
            if let known = types[usage.name], known.isNonNull || !type.isNonNull { continue }
            types[usage.name] = type
        }
        return types.keys.sorted().map { ($0, types[$0]!) }
    }
}
