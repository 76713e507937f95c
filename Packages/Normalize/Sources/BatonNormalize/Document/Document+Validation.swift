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
                        errors.append(
                            .duplicateOperationName(name: name, location: operation.location, firstLocation: first))
                    } else {
                        operationNames[name] = operation.location
                    }
                } else if operations.count > 1 {
                    errors.append(.anonymousOperationNotAlone(location: operation.location))
                }
            case .fragment(let fragment):
                if let first = fragmentNames[fragment.name] {
                    errors.append(
                        .duplicateFragmentName(name: fragment.name, location: fragment.location, firstLocation: first))
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

    /// Depth-first over spreads with an explicit stack, so a long chain of fragments cannot
    /// exhaust the call stack.
    private func fragmentCycles() -> [DocumentValidationError] {
        var errors: [DocumentValidationError] = []
        var visited: Set<String> = []
        var pathIndex: [String: Int] = [:]
        var path: [FragmentSpread] = []
        var stack: [(name: String, spreads: [FragmentSpread], next: Int)] = []
        for definition in definitions {
            guard case .fragment(let root) = definition, fragments[root.name] == root,
                visited.insert(root.name).inserted
            else { continue }
            pathIndex[root.name] = 0
            stack.append((root.name, Document.spreads(in: root.selectionSet), 0))
            while let top = stack.last {
                guard top.next < top.spreads.count else {
                    pathIndex[top.name] = nil
                    stack.removeLast()
                    if !path.isEmpty { path.removeLast() }
                    continue
                }
                let spread = top.spreads[top.next]
                stack[stack.count - 1].next += 1
                if let index = pathIndex[spread.name] {
                    let names = [spread.name] + path[index...].map(\.name)
                    errors.append(.fragmentCycle(names: names, location: spread.location))
                } else if let target = fragments[spread.name], visited.insert(target.name).inserted {
                    path.append(spread)
                    pathIndex[target.name] = path.count
                    stack.append((target.name, Document.spreads(in: target.selectionSet), 0))
                }
            }
        }
        return errors
    }

    private func undefinedVariables(in operation: OperationDefinition) -> [DocumentValidationError] {
        let defined = Set(operation.variableDefinitions.map(\.name))
        var errors: [DocumentValidationError] = []
        var reported: Set<DocumentValidationError> = []
        func check(_ arguments: [Argument], at location: SourceLocation) {
            for argument in arguments {
                for name in argument.value.variableNames where !defined.contains(name) {
                    let error = DocumentValidationError.undefinedVariable(
                        name: name, operation: operation.name, location: location)
                    if reported.insert(error).inserted { errors.append(error) }
                }
            }
        }
        func check(_ directives: [Directive]) {
            for directive in directives { check(directive.arguments, at: directive.location) }
        }
        func walk(_ selections: [Selection]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    check(field.arguments, at: field.location)
                    check(field.directives)
                    if let children = field.selectionSet { walk(children) }
                case .fragmentSpread(let spread):
                    check(spread.directives)
                case .inlineFragment(let fragment):
                    check(fragment.directives)
                    walk(fragment.selectionSet)
                }
            }
        }
        check(operation.directives)
        walk(operation.selectionSet)
        for fragment in fragments(usedBy: operation) {
            check(fragment.directives)
            walk(fragment.selectionSet)
        }
        return errors
    }
}
