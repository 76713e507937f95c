import BatonNormalize

/// Checks a ``DocumentSet`` against a schema by the spec's executable-document rules (see
/// ``ValidationRule``) and the rules of Baton's client directives. The schema-free rules the
/// document checks itself come from there (``DocumentRules``). Collects every error it finds,
/// each at the offending character.
///
/// A value used on one thread for one validation.
struct Validator {
    let schema: GraphQLSchema
    let documents: DocumentSet
    /// The schema with the configuration's key fields: what the plan decides a
    /// `@deleteRecord` without `typeName:` by.
    let normalization: Normalization
    var errors: [CompilerError] = []
    /// Variable usages per definition: "op:Name" / "fragment:Name".
    var usages: [String: [VariableUsage]] = [:]
    /// The definition whose usages are being collected.
    var current = ""

    init(schema: GraphQLSchema, documents: DocumentSet, keyFields: [String: [String]] = [:]) {
        self.schema = schema
        self.documents = documents
        self.normalization = Normalization(schema: schema, cacheKeys: CacheKeyPolicy(keyFields: keyFields))
    }

    /// Every error the documents have, in source order per rule pass.
    static func errors(in documents: DocumentSet, schema: GraphQLSchema, keyFields: [String: [String]] = [:])
        -> [CompilerError]
    {
        var validator = Validator(schema: schema, documents: documents, keyFields: keyFields)
        validator.run()
        return validator.errors
    }

    mutating func report(
        _ rule: ValidationRule, _ message: String, at location: SourceLocation, in source: GraphQLSource
    ) {
        errors.append(source.invalid(rule, message, at: location))
    }

    /// The document's own rules (``DocumentRules``) and the schema's, each error beside those
    /// of its definition.
    mutating func run() {
        var documentRules = DocumentRules(documents)
        for (index, entry) in documents.entries.enumerated() {
            if case .operation(let operation) = entry.definition, operation.name == nil {
                report(
                    .operationName, "an operation needs a name: its Swift type is named for it",
                    at: operation.location, in: entry.source)
            }
            errors += documentRules.names[index] ?? []
        }
        for (index, entry) in documents.entries.enumerated() {
            switch entry.definition {
            case .fragment(let fragment):
                current = "fragment:\(fragment.name)"
                check(fragment, in: entry.source)
            case .operation(let operation):
                current = "op:\(operation.name ?? "")"
                check(operation, in: entry.source)
            }
            errors += documentRules.spreads[index] ?? []
        }
        errors += documentRules.cycles
        for entry in documents.entries {
            if case .fragment(let fragment) = entry.definition { checkLocalVariables(of: fragment) }
        }
        for entry in documents.entries {
            guard case .operation(let operation) = entry.definition else { continue }
            errors += documentRules.takeUndefinedVariables(of: operation.name)
            checkVariables(of: operation, in: entry.source)
            checkFragmentArgumentConflicts(of: operation, in: entry.source)
        }
    }

    private mutating func check(_ fragment: FragmentDefinition, in source: GraphQLSource) {
        checkDirectives(fragment.directives, at: "FRAGMENT_DEFINITION", in: source)
        checkArgumentDefinitions(of: fragment, in: source)
        guard let type = schema.types[fragment.typeCondition] else {
            report(
                .fragmentTypeCondition, "fragment '\(fragment.name)' is on unknown type '\(fragment.typeCondition)'",
                at: fragment.location, in: source)
            return
        }
        guard type.isComposite else {
            report(
                .fragmentTypeCondition,
                "fragment '\(fragment.name)' is on '\(type.name)', which is not an object, interface or union",
                at: fragment.location, in: source)
            return
        }
        checkSelections(fragment.selectionSet, on: type.name, in: source)
        if fragment.directives.contains(where: { $0.name == "updatable" }) { checkUpdatable(fragment, in: source) }
    }

    private mutating func check(_ operation: OperationDefinition, in source: GraphQLSource) {
        let kind = "\(operation.kind)"
        checkDirectives(operation.directives, at: kind.uppercased(), in: source)
        checkCacheExpiration(of: operation, in: source)
        var seen: Set<String> = []
        for variable in operation.variableDefinitions {
            if !seen.insert(variable.name).inserted {
                report(
                    .variableUniqueness, "variable '$\(variable.name)' is defined twice", at: variable.location,
                    in: source)
            }
            checkDirectives(variable.directives, at: "VARIABLE_DEFINITION", in: source)
            guard let type = schema.types[variable.type.namedType] else {
                report(
                    .variableInputType, "variable '$\(variable.name)' has unknown type '\(variable.type.namedType)'",
                    at: variable.location, in: source)
                continue
            }
            guard type.kind == .scalar || type.kind == .enumeration || type.kind == .inputObject else {
                report(
                    .variableInputType, "variable '$\(variable.name)' is of '\(type.name)', which is not an input type",
                    at: variable.location, in: source)
                continue
            }
            if let defaultValue = variable.defaultValue {
                if !defaultValue.isConstant {
                    report(
                        .valueType, "the default of '$\(variable.name)' must be a constant", at: variable.location,
                        in: source)
                } else {
                    checkValue(
                        defaultValue, against: variable.type, at: variable.location, in: source,
                        what: "the default of '$\(variable.name)'")
                }
            }
        }
        guard let root = schema.rootTypeName(for: operation.kind) else {
            report(.rootType, "the schema has no \(kind) type", at: operation.location, in: source)
            return
        }
        if operation.kind == .subscription {
            let roots = operation.selectionSet.filter {
                if case .field(let field) = $0 { field.name != "__typename" } else { true }
            }
            if roots.count != 1 {
                report(
                    .singleRootField, "a subscription selects exactly one root field", at: operation.location,
                    in: source)
            }
        }
        checkSelections(operation.selectionSet, on: root, in: source)
    }
}
