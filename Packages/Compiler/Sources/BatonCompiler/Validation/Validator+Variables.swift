import BatonNormalize

extension Validator {
    /// §5.8.4 and §5.8.5 for `operation`: over its selections and every fragment it uses, each
    /// variable used is of a type its position allows; each defined is used. (§5.8.3, every
    /// variable used defined, is the document's rule: ``DocumentRules``.)
    mutating func checkVariables(of operation: OperationDefinition, in source: GraphQLSource) {
        var all = usages["op:\(operation.name ?? "")"] ?? []
        for fragment in documents.document.fragments(usedBy: operation) {
            let locals = localVariables(of: fragment)
            all += (usages["fragment:\(fragment.name)"] ?? []).filter { !locals.contains($0.name) }
        }
        for usage in all {
            guard let definition = operation.variable(usage.name), !allowed(definition, at: usage) else { continue }
            report(
                .variableUsage,
                "variable '$\(usage.name)' of type '\(definition.type)' is used where '\(usage.locationType)' is expected",
                at: usage.location, in: usage.source)
        }
        let name = operation.name.map { "operation '\($0)'" } ?? "the anonymous operation"
        let used = variablesUsedWithFragmentArguments(by: operation)
        for variable in operation.variableDefinitions where !used.contains(variable.name) {
            report(
                .variableUsed, "variable '$\(variable.name)' is never used in \(name)", at: variable.location,
                in: source)
        }
    }

    /// Spec's IsVariableUsageAllowed.
    func allowed(_ variable: VariableDefinition, at usage: VariableUsage) -> Bool {
        var locationType = usage.locationType
        if case .nonNull(let inner) = locationType, !variable.type.isNonNull {
            let hasDefault = variable.defaultValue.map { $0 != .null } ?? false
            guard hasDefault || usage.locationHasDefault else { return false }
            locationType = inner
        }
        return Self.compatible(variable.type, locationType)
    }

    /// Spec's AreTypesCompatible.
    static func compatible(_ variableType: TypeReference, _ locationType: TypeReference) -> Bool {
        if case .nonNull(let location) = locationType {
            guard case .nonNull(let variable) = variableType else { return false }
            return compatible(variable, location)
        }
        if case .nonNull(let variable) = variableType { return compatible(variable, locationType) }
        if case .list(let location) = locationType {
            guard case .list(let variable) = variableType else { return false }
            return compatible(variable, location)
        }
        if case .list = variableType { return false }
        return variableType.namedType == locationType.namedType
    }
}
