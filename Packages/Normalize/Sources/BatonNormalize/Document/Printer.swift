import BatonRecords

/// Prints documents back to text in one of two styles.
///
/// `compact`: no insignificant whitespace, selections and arguments separated by commas, as a
/// compiler emits documents for the wire: `query Q($id:ID!){node(id:$id){id,...F}}fragment F on T{a}`.
/// `pretty`: two-space indentation, one selection a line, one variable a line, as Relay's compiler
/// prints them. Strings are printed with JSON's escapes (`JSONValue.writeString(_:to:)`). A value type used on one thread.
struct Printer {
    enum Style {
        case compact
        case pretty
    }

    let style: Style
    /// Directives left out of the text: the client-only ones for the wire.
    var omittedDirectives: Set<String> = []
    private(set) var output: [UInt8] = []
    private var indent = 0

    init(style: Style) {
        self.style = style
    }

    var text: String { String(decoding: output, as: UTF8.self) }

    mutating func write(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    private mutating func write(_ byte: UInt8) {
        output.append(byte)
    }

    private var compact: Bool { style == .compact }

    private mutating func newLine() {
        write(0x0A)
        for _ in 0..<indent { output.append(contentsOf: [0x20, 0x20]) }
    }

    mutating func print(_ definition: Document.Definition) {
        switch definition {
        case .operation(let operation): print(operation)
        case .fragment(let fragment): print(fragment)
        }
    }

    mutating func print(_ definitions: [Document.Definition]) {
        for (index, definition) in definitions.enumerated() {
            if index > 0 && !compact { write("\n\n") }
            print(definition)
        }
    }

    mutating func print(_ operation: OperationDefinition) {
        let shorthand =
            operation.kind == .query && operation.name == nil && operation.variableDefinitions.isEmpty
            && operation.directives.isEmpty
        if !shorthand {
            write(operation.kind.rawValue)
            if let name = operation.name {
                write(0x20)
                write(name)
            }
            if !operation.variableDefinitions.isEmpty {
                write(0x28)
                indent += 1
                for (index, variable) in operation.variableDefinitions.enumerated() {
                    if compact {
                        if index > 0 { write(0x2C) }
                    } else {
                        newLine()
                    }
                    print(variable)
                }
                indent -= 1
                if !compact { newLine() }
                write(0x29)
            }
            print(operation.directives)
            if !compact { write(0x20) }
        }
        print(operation.selectionSet)
    }

    mutating func print(_ variable: VariableDefinition) {
        write(0x24)
        write(variable.name)
        write(compact ? ":" : ": ")
        write(variable.type.description)
        if let defaultValue = variable.defaultValue {
            write(compact ? "=" : " = ")
            print(defaultValue)
        }
        print(variable.directives)
    }

    mutating func print(_ fragment: FragmentDefinition) {
        write("fragment ")
        write(fragment.name)
        write(" on ")
        write(fragment.typeCondition)
        print(fragment.directives)
        if !compact { write(0x20) }
        print(fragment.selectionSet)
    }

    mutating func print(_ selections: [Selection]) {
        write(0x7B)
        indent += 1
        for (index, selection) in selections.enumerated() {
            if compact {
                if index > 0 { write(0x2C) }
            } else {
                newLine()
            }
            print(selection)
        }
        indent -= 1
        if !compact { newLine() }
        write(0x7D)
    }

    mutating func print(_ selection: Selection) {
        switch selection {
        case .field(let field):
            if let alias = field.alias {
                write(alias)
                write(compact ? ":" : ": ")
            }
            write(field.name)
            print(field.arguments)
            print(field.directives)
            if let children = field.selectionSet {
                if !compact { write(0x20) }
                print(children)
            }
        case .fragmentSpread(let spread):
            write("...")
            write(spread.name)
            print(spread.directives)
        case .inlineFragment(let fragment):
            write("...")
            if let typeCondition = fragment.typeCondition {
                write(compact ? "on " : " on ")
                write(typeCondition)
            }
            print(fragment.directives)
            if !compact { write(0x20) }
            print(fragment.selectionSet)
        }
    }

    mutating func print(_ directives: [Directive]) {
        for directive in directives where !omittedDirectives.contains(directive.name) {
            if !compact { write(0x20) }
            write(0x40)
            write(directive.name)
            print(directive.arguments)
        }
    }

    mutating func print(_ arguments: [Argument]) {
        guard !arguments.isEmpty else { return }
        write(0x28)
        for (index, argument) in arguments.enumerated() {
            if index > 0 { write(compact ? "," : ", ") }
            write(argument.name)
            write(compact ? ":" : ": ")
            print(argument.value)
        }
        write(0x29)
    }

    mutating func print(_ value: InputValue) {
        switch value {
        case .variable(let name):
            write(0x24)
            write(name)
        case .int(let text), .float(let text), .enumValue(let text):
            write(text)
        case .string(let text):
            JSONValue.writeString(text, to: &output)
        case .boolean(let flag):
            write(flag ? "true" : "false")
        case .null:
            write("null")
        case .list(let items):
            write(0x5B)
            for (index, item) in items.enumerated() {
                if index > 0 { write(compact ? "," : ", ") }
                print(item)
            }
            write(0x5D)
        case .object(let fields):
            write(0x7B)
            for (index, field) in fields.enumerated() {
                if index > 0 { write(compact ? "," : ", ") }
                write(field.name)
                write(compact ? ":" : ": ")
                print(field.value)
            }
            write(0x7D)
        }
    }
}
