extension Document {
    /// Throws the first error `validationErrors()` finds.
    public func validate() throws(DocumentValidationError) {
        if let first = validationErrors().first { throw first }
    }

    /// Every rule the document breaks, in source order within each rule: unique operation names,
    /// lone anonymous operation, unique fragment names, known fragments, no fragment cycles, and
    /// every variable used defined by each operation that uses it. Unused fragments and variables
    /// are allowed.
    public func validationErrors() -> [DocumentValidationError] {
        var errors: [DocumentValidationError] = []
        var operationNames: [String: SourceLocation] = [:]
        var fragmentNames: [String: SourceLocation] = [:]
        for definition in definitions {
            switch definition {
            case .operation(let operation):
                if let name = operation.name {
                    if let first = operationNames[name] {
                        errors.append(.duplicateOperationName(name: name, location: operation.location, firstLocation: first))
                    } else {
                        operationNames[name] = operation.location
                    }
                } else if operations.count > 1 {
                    errors.append(.anonymousOperationNotAlone(location: operation.location))
                }
            case .fragment(let fragment):
                if let first = fragmentNames[fragment.name] {
                    errors.append(.duplicateFragmentName(name: fragment.name, location: fragment.location, firstLocation: first))
                } else {
                    fragmentNames[fragment.name] = fragment.location
                }
            }
        }
        for definition in definitions {
            let selections: [Selection]
            switch definition {
            case .operation(let operation): selections = operation.selectionSet
            case .fragment(let fragment): selections = fragment.selectionSet
            }
            for spread in Document.spreads(in: selections) where fragments[spread.name] == nil {
                errors.append(.unknownFragment(name: spread.name, location: spread.location))
            }
        }
        errors.append(contentsOf: fragmentCycles())
        for operation in operations {
            errors.append(contentsOf: undefinedVariables(in: operation))
        }
        return errors
    }

    /// The fragment spreads in `selections` at any depth, not following spreads.
    static func spreads(in selections: [Selection]) -> [FragmentSpread] {
        var spreads: [FragmentSpread] = []
        func walk(_ selections: [Selection]) {
            for selection in selections {
                switch selection {
                case .field(let field): if let children = field.selectionSet { walk(children) }
                case .fragmentSpread(let spread): spreads.append(spread)
                case .inlineFragment(let fragment): walk(fragment.selectionSet)
                }
            }
        }
        walk(selections)
        return spreads
    }

    private func fragmentCycles() -> [DocumentValidationError] {
        var errors: [DocumentValidationError] = []
        var visited: Set<String> = []
        var pathIndex: [String: Int] = [:]
        var path: [FragmentSpread] = []
        func detect(_ fragment: FragmentDefinition) {
            guard visited.insert(fragment.name).inserted else { return }
            let spreads = Document.spreads(in: fragment.selectionSet)
            guard !spreads.isEmpty else { return }
            pathIndex[fragment.name] = path.count
            for spread in spreads {
                if let index = pathIndex[spread.name] {
                    let names = [spread.name] + path[index...].map(\.name)
                    errors.append(.fragmentCycle(names: names, location: spread.location))
                } else if let target = fragments[spread.name] {
                    path.append(spread)
                    detect(target)
                    path.removeLast()
                }
            }
            pathIndex[fragment.name] = nil
        }
        for definition in definitions {
            if case .fragment(let fragment) = definition, fragments[fragment.name] == fragment {
                detect(fragment)
            }
        }
        return errors
    }

    private func undefinedVariables(in operation: OperationDefinition) -> [DocumentValidationError] {
        let defined = Set(operation.variableDefinitions.map(\.name))
        var errors: [DocumentValidationError] = []
        func check(_ arguments: [Argument], at location: SourceLocation) {
            for argument in arguments {
                for name in argument.value.variableNames where !defined.contains(name) {
                    let error = DocumentValidationError.undefinedVariable(
                        name: name, operation: operation.name, location: location)
                    if !errors.contains(error) { errors.append(error) }
                }
            }
        }
        func check(_ directives: [Directive]) {
            for directive in directives { check(directive.arguments, at: directive.location) }
        }
        var visitedFragments: Set<String> = []
        func walk(_ selections: [Selection]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    check(field.arguments, at: field.location)
                    check(field.directives)
                    if let children = field.selectionSet { walk(children) }
                case .fragmentSpread(let spread):
                    check(spread.directives)
                    if visitedFragments.insert(spread.name).inserted, let fragment = fragments[spread.name] {
                        check(fragment.directives)
                        walk(fragment.selectionSet)
                    }
                case .inlineFragment(let fragment):
                    check(fragment.directives)
                    walk(fragment.selectionSet)
                }
            }
        }
        check(operation.directives)
        walk(operation.selectionSet)
        return errors
    }
}
