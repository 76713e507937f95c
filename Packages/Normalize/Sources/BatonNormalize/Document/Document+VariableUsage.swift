extension Document {
    /// The names of the variables `operation` and the fragments it uses mention, in field and
    /// directive arguments, leaving out the arguments of the directives named in `omitted`.
    public func variablesUsed(by operation: OperationDefinition, omitting omitted: Set<String> = []) -> Set<String> {
        var names: [String] = []
        func collect(_ arguments: [Argument]) {
            for argument in arguments { argument.value.collectVariables(into: &names) }
        }
        func collect(_ directives: [Directive]) {
            for directive in directives where !omitted.contains(directive.name) { collect(directive.arguments) }
        }
        func walk(_ selections: [Selection]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    collect(field.arguments)
                    collect(field.directives)
                    if let children = field.selectionSet { walk(children) }
                case .fragmentSpread(let spread):
                    collect(spread.directives)
                case .inlineFragment(let fragment):
                    collect(fragment.directives)
                    walk(fragment.selectionSet)
                }
            }
        }
        collect(operation.directives)
        walk(operation.selectionSet)
        for fragment in fragments(usedBy: operation) {
            collect(fragment.directives)
            walk(fragment.selectionSet)
        }
        return Set(names)
    }
}
