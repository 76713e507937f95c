import BatonNormalize

extension Validator {
    /// Relay's `@argumentDefinitions` on `fragment`: each argument an object with a `type:`
    /// string naming an input type the schema has, and a constant `defaultValue:` of that type.
    mutating func checkArgumentDefinitions(of fragment: FragmentDefinition, in source: GraphQLSource) {
        for directive in fragment.directives where directive.name == Document.argumentDefinitionsDirective {
            var seen: Set<String> = []
            for definition in FragmentArgumentDefinition.definitions(in: directive) {
                let at = source.locate(definition.name, after: directive.location)
                let what = "argument '\(definition.name)' of fragment '\(fragment.name)'"
                if !seen.insert(definition.name).inserted {
                    report(
                        .argumentUniqueness, "\(what) is defined twice",
                        at: source.locate(definition.name, after: directive.location, occurrence: 2), in: source)
                    continue
                }
                guard let typeText = definition.typeText else {
                    report(
                        .variableInputType, "\(what) needs a type: '\(definition.name): {type: \"Int\"}'", at: at,
                        in: source)
                    continue
                }
                guard let type = definition.type else {
                    report(
                        .variableInputType, "\(what) has type '\(typeText)', which does not parse", at: at, in: source)
                    continue
                }
                guard let named = schema.types[type.namedType] else {
                    let hint = Suggestions.hint(
                        Suggestions.nearest(
                            to: type.namedType,
                            among: schema.types.values.filter(Self.isInputType).map(\.name)))
                    report(
                        .variableInputType, "\(what) has unknown type '\(type.namedType)'\(hint)", at: at, in: source)
                    continue
                }
                guard Self.isInputType(named) else {
                    report(
                        .variableInputType, "\(what) is of '\(named.name)', which is not an input type", at: at,
                        in: source)
                    continue
                }
                guard let defaultValue = definition.defaultValue else { continue }
                let valueAt = source.locate("defaultValue", after: at, value: true)
                guard defaultValue.isConstant else {
                    report(.valueType, "the default of \(what) must be a constant", at: valueAt, in: source)
                    continue
                }
                checkValue(defaultValue, against: type, at: valueAt, in: source, what: "the default of \(what)")
            }
        }
    }

    /// Relay's `@arguments` on `spread`: only arguments the fragment defines, each of its type
    /// (a variable's usage is recorded, checked against the operation's or the enclosing
    /// fragment's definition of it), and every required one (non-null without a default) given.
    mutating func checkSpreadArguments(_ spread: FragmentSpread, in source: GraphQLSource) {
        guard let fragment = documents.document.fragments[spread.name] else { return }
        let definitions = fragment.argumentDefinitions
        var given: Set<String> = []
        for directive in spread.directives where directive.name == Document.argumentsDirective {
            for argument in directive.arguments {
                let at = source.locate(argument.name, after: directive.location)
                guard given.insert(argument.name).inserted else {
                    report(
                        .argumentUniqueness, "argument '\(argument.name)' of '...\(spread.name)' is given twice",
                        at: source.locate(argument.name, after: directive.location, occurrence: 2), in: source)
                    continue
                }
                guard let definition = definitions.first(where: { $0.name == argument.name }) else {
                    let hint = Suggestions.hint(Suggestions.nearest(to: argument.name, among: definitions.map(\.name)))
                    let defines =
                        definitions.isEmpty ? " (it has no @argumentDefinitions)" : hint
                    report(
                        .argumentNames, "fragment '\(spread.name)' has no argument '\(argument.name)'\(defines)",
                        at: at, in: source)
                    continue
                }
                guard let type = definition.type else { continue }
                checkValue(
                    argument.value, against: type, hasDefault: definition.defaultValue != nil,
                    at: source.locate(argument.name, after: directive.location, value: true), in: source,
                    what: "argument '\(argument.name)' of fragment '\(spread.name)'")
            }
        }
        for definition in definitions
        where definition.type?.isNonNull == true && definition.defaultValue == nil && !given.contains(definition.name) {
            report(
                .requiredArguments,
                "'...\(spread.name)' needs argument '\(definition.name)' of type '\(definition.typeText ?? "")' (@arguments(\(definition.name): …))",
                at: spread.location, in: source)
        }
    }

    /// §5.8.5 for a fragment's local variables: each used where its `@argumentDefinitions`
    /// type fits. (The operation's variables are checked per operation, in ``checkVariables(of:in:)``.)
    mutating func checkLocalVariables(of fragment: FragmentDefinition) {
        let locals = fragment.argumentDefinitions
        guard !locals.isEmpty else { return }
        for usage in usages["fragment:\(fragment.name)"] ?? [] {
            // A type the schema lacks is reported at the definition.
            guard let local = locals.first(where: { $0.name == usage.name }), let type = local.type,
                schema.types[type.namedType] != nil
            else { continue }
            let definition = VariableDefinition(
                name: local.name, type: type, defaultValue: local.defaultValue, location: usage.location)
            guard !allowed(definition, at: usage) else { continue }
            report(
                .variableUsage,
                "fragment argument '$\(usage.name)' of type '\(type)' is used where '\(usage.locationType)' is expected",
                at: usage.location, in: usage.source)
        }
    }

    private static func isInputType(_ type: SchemaType) -> Bool {
        type.kind == .scalar || type.kind == .enumeration || type.kind == .inputObject
    }

    /// The names of `fragment`'s local variables (its `@argumentDefinitions`).
    func localVariables(of fragment: FragmentDefinition) -> Set<String> {
        Set(fragment.argumentDefinitions.map(\.name))
    }

    /// The operation's variables `operation` uses once fragment arguments are applied, and
    /// those it passes in any spread's `@arguments` (used even when the fragment ignores the
    /// argument).
    func variablesUsedWithFragmentArguments(by operation: OperationDefinition) -> Set<String> {
        let (applied, document) = documents.document.applyingFragmentArguments(to: operation)
        var used = document.variablesUsed(by: applied)
        func passed(_ selections: [Selection], locals: Set<String>) {
            for selection in selections {
                switch selection {
                case .field(let field): passed(field.selectionSet ?? [], locals: locals)
                case .inlineFragment(let inline): passed(inline.selectionSet, locals: locals)
                case .fragmentSpread(let spread):
                    for argument in spread.fragmentArguments {
                        used.formUnion(argument.value.variableNames.filter { !locals.contains($0) })
                    }
                }
            }
        }
        passed(operation.selectionSet, locals: [])
        for fragment in documents.document.fragments(usedBy: operation) {
            passed(fragment.selectionSet, locals: localVariables(of: fragment))
        }
        return used
    }
}
