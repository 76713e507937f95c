extension Parser {
    /// A value literal; with `constant`, variables are rejected (default values, schema text).
    mutating func parseValue(constant: Bool) throws(GraphQLSyntaxError) -> InputValue {
        let current = token
        switch current.kind {
        case .dollar:
            if constant {
                throw GraphQLSyntaxError(
                    "Expected a constant value, found a variable", at: location())
            }
            try advance()
            return .variable(try expectName("a variable name"))
        case .int:
            try advance()
            return .int(text(of: current))
        case .float:
            try advance()
            return .float(text(of: current))
        case .string, .blockString:
            try advance()
            return .string(current.value ?? "")
        case .name:
            try advance()
            if peekKeywordToken(current, "true") { return .boolean(true) }
            if peekKeywordToken(current, "false") { return .boolean(false) }
            if peekKeywordToken(current, "null") { return .null }
            return .enumValue(text(of: current))
        case .bracketL:
            return .list(
                try many(.bracketL, .bracketR, what: "a value", allowEmpty: true) {
                    (parser: inout Parser) throws(GraphQLSyntaxError) in try parser.parseValue(constant: constant)
                })
        case .braceL:
            return .object(
                try many(.braceL, .braceR, what: "a field name", allowEmpty: true) {
                    (parser: inout Parser) throws(GraphQLSyntaxError) -> (name: String, value: InputValue) in
                    let name = try parser.expectName()
                    try parser.expect(.colon)
                    return (name, try parser.parseValue(constant: constant))
                })
        default:
            throw unexpected(expected: "a value")
        }
    }

    private func peekKeywordToken(_ token: Token, _ keyword: StaticString) -> Bool {
        guard token.end - token.start == keyword.utf8CodeUnitCount else { return false }
        return text(of: token) == keyword.description
    }

    /// `Name`, `[Type]`, either followed by `!`.
    mutating func parseTypeReference() throws(GraphQLSyntaxError) -> TypeReference {
        var type: TypeReference
        if peek(.bracketL) {
            let openLocation = location()
            try nest()
            try advance()
            let inner = try parseTypeReference()
            try expect(.bracketR, " to close the '[' at \(openLocation)")
            unnest()
            type = .list(inner)
        } else {
            type = .named(try expectName("a type"))
        }
        if try skip(.bang) { type = .nonNull(type) }
        return type
    }

    /// `(name: value, …)`, or nothing.
    mutating func parseArguments(constant: Bool) throws(GraphQLSyntaxError) -> [Argument] {
        guard peek(.parenL) else { return [] }
        return try many(.parenL, .parenR, what: "an argument name") {
            (parser: inout Parser) throws(GraphQLSyntaxError) -> Argument in
            let name = try parser.expectName("an argument name")
            try parser.expect(.colon)
            return Argument(name: name, value: try parser.parseValue(constant: constant))
        }
    }

    /// `@name(arguments)` repeated, or nothing.
    mutating func parseDirectives(constant: Bool) throws(GraphQLSyntaxError) -> [Directive] {
        var directives: [Directive] = []
        while peek(.at) {
            let start = location()
            try advance()
            let name = try expectName("a directive name")
            directives.append(
                Directive(name: name, arguments: try parseArguments(constant: constant), location: start))
        }
        return directives
    }
}
