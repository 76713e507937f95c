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
