extension Document {
    /// The document with no insignificant whitespace, definitions in source order.
    public var compactText: String {
        var printer = Printer(style: .compact)
        printer.print(definitions)
        return printer.text
    }

    /// The document indented two spaces a level, one selection a line, definitions separated by a
    /// blank line (the style of Relay's compiler).
    public var prettyText: String {
        var printer = Printer(style: .pretty)
        printer.print(definitions)
        return printer.text
    }

    /// The compact text a server needs to run `operation`: the operation, then the fragments it
    /// uses in source order.
    public func compactText(for operation: OperationDefinition) -> String {
        var printer = Printer(style: .compact)
        printer.print(operation)
        for fragment in fragments(usedBy: operation) { printer.print(fragment) }
        return printer.text
    }

    /// The directives only the client reads (connections, the edge and record mutations, and
    /// `@updatable` on a fragment definition): a server that does not declare them rejects the
    /// document.
    public static let clientDirectives: Set<String> = [
        "connection", "appendEdge", "prependEdge", "appendNode", "prependNode", "deleteEdge", "deleteRecord",
        "updatable",
    ]

    /// ``compactText(for:)`` without the ``clientDirectives`` and without the variables only
    /// they use (`$connections` of an `@appendNode`): what goes on the wire, and what a
    /// persisted query's hash is taken of. A variable a server field or directive also uses
    /// stays declared.
    public func wireText(for operation: OperationDefinition) -> String {
        var printer = Printer(style: .compact)
        printer.omittedDirectives = Self.clientDirectives
        printer.print(wireOperation(operation))
        for fragment in fragments(usedBy: operation) { printer.print(fragment) }
        return printer.text
    }

    /// `operation` without the variables that only ``clientDirectives`` use.
    private func wireOperation(_ operation: OperationDefinition) -> OperationDefinition {
        let everywhere = variablesUsed(by: operation)
        let onWire = variablesUsed(by: operation, omitting: Self.clientDirectives)
        let clientOnly = everywhere.subtracting(onWire)
        guard !clientOnly.isEmpty else { return operation }
        var wire = operation
        wire.variableDefinitions.removeAll { clientOnly.contains($0.name) }
        return wire
    }
}

extension OperationDefinition {
    /// The operation alone, with no insignificant whitespace.
    public var compactText: String {
        var printer = Printer(style: .compact)
        printer.print(self)
        return printer.text
    }

    /// The operation alone, indented.
    public var prettyText: String {
        var printer = Printer(style: .pretty)
        printer.print(self)
        return printer.text
    }
}

extension FragmentDefinition {
    /// The fragment alone, with no insignificant whitespace.
    public var compactText: String {
        var printer = Printer(style: .compact)
        printer.print(self)
        return printer.text
    }

    /// The fragment alone, indented.
    public var prettyText: String {
        var printer = Printer(style: .pretty)
        printer.print(self)
        return printer.text
    }
}

extension InputValue {
    /// The value as GraphQL text with no insignificant whitespace.
    public var compactText: String {
        var printer = Printer(style: .compact)
        printer.print(self)
        return printer.text
    }
}
