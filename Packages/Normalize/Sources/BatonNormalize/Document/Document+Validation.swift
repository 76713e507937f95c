extension Document {
    /// Throws the first error `validationErrors()` finds.
    public func validate() throws(DocumentValidationError) {
        if let first = validationErrors().first { throw first }
    }

    /// Every rule the document breaks, in source order within each rule: unique operation names,
    /// lone anonymous operation, unique fragment names, known fragments, no fragment cycles, and
    /// every variable used defined by each operation that uses it (or, in a fragment, by its
    /// `@argumentDefinitions`). Unused fragments and variables
    /// are allowed.
    public func validationErrors() -> [DocumentValidationError] {
        placedValidationErrors().map(\.error)
    }

    /// ``validationErrors()``, each with the index of the definition it lies in.
    @_spi(Baton) public func placedValidationErrors() -> [PlacedValidationError] {
        var errors: [PlacedValidationError] = []
        var operationNames: [String: Int] = [:]
        var fragmentNames: [String: Int] = [:]
        for (index, definition) in definitions.enumerated() {
            switch definition {
            case .operation(let operation):
                if let name = operation.name {
                    if let first = operationNames[name] {
                        let error = DocumentValidationError.duplicateOperationName(
                            name: name, location: operation.location, firstLocation: definitions[first].location)
                        errors.append(PlacedValidationError(error, in: index, first: first))
                    } else {
                        operationNames[name] = index
                    }
                } else if operations.count > 1 {
                    errors.append(
                        PlacedValidationError(.anonymousOperationNotAlone(location: operation.location), in: index))
                }
            case .fragment(let fragment):
                if let first = fragmentNames[fragment.name] {
                    let error = DocumentValidationError.duplicateFragmentName(
                        name: fragment.name, location: fragment.location, firstLocation: definitions[first].location)
                    errors.append(PlacedValidationError(error, in: index, first: first))
                } else {
                    fragmentNames[fragment.name] = index
                }
            }
        }
        for (index, definition) in definitions.enumerated() {
            for spread in Document.spreads(in: definition.selectionSet) where fragments[spread.name] == nil {
                errors.append(
                    PlacedValidationError(.unknownFragment(name: spread.name, location: spread.location), in: index))
            }
        }
        errors.append(contentsOf: fragmentCycles(definedAt: fragmentNames))
        for (index, definition) in definitions.enumerated() {
            guard case .operation(let operation) = definition else { continue }
            errors.append(contentsOf: undefinedVariables(in: operation, at: index, fragmentsAt: fragmentNames))
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
    /// `definedAt`: the index of each fragment name's first definition, where its spreads lie.
    private func fragmentCycles(definedAt: [String: Int]) -> [PlacedValidationError] {
        var errors: [PlacedValidationError] = []
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
                    errors.append(
                        PlacedValidationError(
                            .fragmentCycle(names: names, location: spread.location), in: definedAt[top.name] ?? 0))
                } else if let target = fragments[spread.name], visited.insert(target.name).inserted {
                    path.append(spread)
                    pathIndex[target.name] = path.count
                    stack.append((target.name, Document.spreads(in: target.selectionSet), 0))
                }
            }
        }
        return errors
    }

    /// `index`: the operation's definition; `fragmentsAt`: each fragment name's first definition.
    private func undefinedVariables(
        in operation: OperationDefinition, at index: Int, fragmentsAt: [String: Int]
    ) -> [PlacedValidationError] {
        let defined = Set(operation.variableDefinitions.map(\.name))
        var errors: [PlacedValidationError] = []
        var reported: Set<PlacedValidationError> = []
        var current = index
        // A fragment's own arguments (`@argumentDefinitions`) are its local variables.
        var locals: Set<String> = []
        func check(_ arguments: [Argument], at location: SourceLocation) {
            for argument in arguments {
                for name in argument.value.variableNames where !defined.contains(name) && !locals.contains(name) {
                    let error = PlacedValidationError(
                        .undefinedVariable(name: name, operation: operation.name, location: location), in: current)
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
            current = fragmentsAt[fragment.name] ?? index
            locals = Set(fragment.argumentDefinitions.map(\.name))
            check(fragment.directives)
            walk(fragment.selectionSet)
        }
        return errors
    }
}

extension Document.Definition {
    /// Where the definition starts.
    var location: SourceLocation {
        switch self {
        case .operation(let operation): operation.location
        case .fragment(let fragment): fragment.location
        }
    }

    /// The definition's top-level selections.
    var selectionSet: [Selection] {
        switch self {
        case .operation(let operation): operation.selectionSet
        case .fragment(let fragment): fragment.selectionSet
        }
    }
}
