import BatonNormalize

extension Validator {
    /// §5.4: arguments known, given once, required ones given, each value of its type.
    mutating func checkArguments(
        _ arguments: [Argument], against definitions: [InputValueDefinition], at location: SourceLocation,
        in source: GraphQLSource, owner: String
    ) {
        var seen: Set<String> = []
        for argument in arguments {
            if !seen.insert(argument.name).inserted {
                let second = source.locate(argument.name, after: location, occurrence: 2)
                report(
                    .argumentUniqueness, "argument '\(argument.name)' of \(owner) is given twice", at: second,
                    in: source)
                continue
            }
            guard let definition = definitions.first(where: { $0.name == argument.name }) else {
                report(
                    .argumentNames, "\(owner) has no argument '\(argument.name)'",
                    at: source.locate(argument.name, after: location), in: source)
                continue
            }
            checkValue(
                argument.value, against: definition.type, hasDefault: definition.defaultValue != nil,
                at: source.locate(argument.name, after: location, value: true),
                in: source, what: "argument '\(argument.name)' of \(owner)")
        }
        for definition in definitions
        where definition.type.isNonNull && definition.defaultValue == nil && !seen.contains(definition.name) {
            report(
                .requiredArguments, "\(owner) needs argument '\(definition.name)' of type '\(definition.type)'",
                at: location, in: source)
        }
    }

    /// §5.6: `value` is of `type` (input coercion of literals); records variable usages.
    mutating func checkValue(
        _ value: InputValue, against type: TypeReference, hasDefault: Bool = false, at location: SourceLocation,
        in source: GraphQLSource, what: String
    ) {
        if case .variable(let name) = value {
            usages[current, default: []].append(
                VariableUsage(
                    name: name, locationType: type, locationHasDefault: hasDefault, location: location, source: source))
            return
        }
        if let problem = mismatch(value, type, location: location, source: source) {
            report(.valueType, "\(what) \(problem)", at: location, in: source)
        }
    }

    /// Why `value` is not of `type`, or nil when it is (variables inside are recorded).
    private mutating func mismatch(
        _ value: InputValue, _ type: TypeReference, location: SourceLocation, source: GraphQLSource
    ) -> String? {
        if case .variable(let name) = value {
            usages[current, default: []].append(
                VariableUsage(
                    name: name, locationType: type, locationHasDefault: false,
                    location: source.locate(name, after: location, variable: true), source: source))
            return nil
        }
        switch type {
        case .nonNull(let inner):
            if case .null = value { return "must not be null (it is '\(type)')" }
            return mismatch(value, inner, location: location, source: source)
        case .list(let inner):
            if case .null = value { return nil }
            if case .list(let items) = value {
                for item in items {
                    if let problem = mismatch(item, inner, location: location, source: source) { return problem }
                }
                return nil
            }
            return mismatch(value, inner, location: location, source: source)
        case .named(let name):
            if case .null = value { return nil }
            guard let definition = schema.types[name] else { return "is of unknown type '\(name)'" }
            switch definition.kind {
            case .scalar: return scalarMismatch(value, name)
            case .enumeration:
                guard case .enumValue(let text) = value else { return "must be a value of enum '\(name)'" }
                return definition.enumValues.contains { $0.name == text }
                    ? nil : "has '\(text)', which enum '\(name)' does not have"
            case .inputObject:
                guard case .object(let fields) = value else { return "must be an input object '\(name)'" }
                var seen: Set<String> = []
                for field in fields {
                    guard seen.insert(field.name).inserted else { return "gives field '\(field.name)' twice" }
                    guard let inputField = definition.inputField(named: field.name) else {
                        return "has field '\(field.name)', which '\(name)' does not have"
                    }
                    if let problem = mismatch(field.value, inputField.type, location: location, source: source) {
                        return "field '\(field.name)' \(problem)"
                    }
                }
                for inputField in definition.inputFields
                where inputField.type.isNonNull && inputField.defaultValue == nil && !seen.contains(inputField.name) {
                    return "lacks field '\(inputField.name)' of type '\(inputField.type)'"
                }
                return nil
            default: return "is of '\(name)', which is not an input type"
            }
        }
    }

    private func scalarMismatch(_ value: InputValue, _ name: String) -> String? {
        switch (name, value) {
        case ("Int", .int(let text)): return Int32(text) == nil ? "has \(text), outside a 32-bit Int" : nil
        case ("Float", .int), ("Float", .float), ("String", .string), ("Boolean", .boolean), ("ID", .string),
            ("ID", .int):
            return nil
        case ("Int", _), ("Float", _), ("String", _), ("Boolean", _), ("ID", _): return "must be a literal of '\(name)'"
        default: return nil  // A custom scalar takes any literal; its server decides.
        }
    }
}
