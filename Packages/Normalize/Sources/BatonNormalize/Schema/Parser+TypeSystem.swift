extension Parser {
    /// `TypeSystemDocument := (TypeSystemDefinition | TypeSystemExtension)+`.
    mutating func parseTypeSystemDocument() throws(GraphQLSyntaxError) -> [TypeSystemDefinition] {
        var definitions: [TypeSystemDefinition] = []
        repeat {
            definitions.append(try parseTypeSystemDefinition())
        } while !peek(.eof)
        return definitions
    }

    private mutating func parseDescription() throws(GraphQLSyntaxError) -> String? {
        guard peek(.string) || peek(.blockString) else { return nil }
        let description = token.value
        try advance()
        return description
    }

    private mutating func parseTypeSystemDefinition() throws(GraphQLSyntaxError) -> TypeSystemDefinition {
        let start = location()
        let description = try parseDescription()
        var isExtension = false
        if description == nil && peekKeyword("extend") {
            try advance()
            isExtension = true
        }
        let keyword = peek(.name) ? text(of: token) : ""
        switch keyword {
        case "schema":
            try advance()
            return try parseSchemaDefinition(isExtension: isExtension, location: start)
        case "scalar", "type", "interface", "union", "enum", "input":
            try advance()
            return .type(
                try parseTypeDefinition(keyword, description: description, location: start), isExtension: isExtension)
        case "directive" where !isExtension:
            try advance()
            return .directive(try parseDirectiveDefinition(description: description), location: start)
        default:
            let expected =
                isExtension
                ? "'schema', 'scalar', 'type', 'interface', 'union', 'enum' or 'input' after 'extend'"
                : "a type system definition ('schema', 'scalar', 'type', 'interface', 'union', 'enum', 'input', 'directive' or 'extend')"
            throw unexpected(expected: expected)
        }
    }

    private mutating func parseSchemaDefinition(
        isExtension: Bool, location start: SourceLocation
    ) throws(GraphQLSyntaxError) -> TypeSystemDefinition {
        let directives = try parseDirectives(constant: true)
        var roots: [(OperationKind, String)] = []
        if peek(.braceL) || !isExtension {
            roots = try many(.braceL, .braceR, what: "'query', 'mutation' or 'subscription'") {
                (parser: inout Parser) throws(GraphQLSyntaxError) -> (OperationKind, String) in
                let kind: OperationKind
                if parser.peekKeyword("query") {
                    kind = .query
                } else if parser.peekKeyword("mutation") {
                    kind = .mutation
                } else if parser.peekKeyword("subscription") {
                    kind = .subscription
                } else {
                    throw parser.unexpected(expected: "'query', 'mutation' or 'subscription'")
                }
                try parser.advance()
                try parser.expect(.colon)
                return (kind, try parser.expectName("a type name"))
            }
        }
        return .schema(roots: roots, directives: directives, isExtension: isExtension, location: start)
    }

    private mutating func parseTypeDefinition(
        _ keyword: String, description: String?, location start: SourceLocation
    ) throws(GraphQLSyntaxError) -> SchemaType {
        let name = try expectName("a type name")
        switch keyword {
        case "scalar":
            var type = SchemaType(name: name, kind: .scalar, description: description, location: start)
            type.directives = try parseDirectives(constant: true)
            return type
        case "type", "interface":
            var type = SchemaType(
                name: name, kind: keyword == "type" ? .object : .interface, description: description, location: start)
            type.interfaces = try parseImplementsInterfaces()
            type.directives = try parseDirectives(constant: true)
            if peek(.braceL) {
                let fields = try many(.braceL, .braceR, what: "a field definition", allowEmpty: true) {
                    (parser: inout Parser) throws(GraphQLSyntaxError) in try parser.parseFieldDefinition()
                }
                for (field, location) in fields {
                    type.fieldSites.append(FieldSite(name: field.name, location: location))
                    type.add(field)
                }
            }
            return type
        case "union":
            var type = SchemaType(name: name, kind: .union, description: description, location: start)
            type.directives = try parseDirectives(constant: true)
            if try skip(.equals) {
                _ = try skip(.pipe)
                repeat {
                    type.unionMembers.append(try expectName("a member type name"))
                } while try skip(.pipe)
            }
            return type
        case "enum":
            var type = SchemaType(name: name, kind: .enumeration, description: description, location: start)
            type.directives = try parseDirectives(constant: true)
            if peek(.braceL) {
                type.enumValues = try many(.braceL, .braceR, what: "an enum value", allowEmpty: true) {
                    (parser: inout Parser) throws(GraphQLSyntaxError) -> EnumValueDefinition in
                    let description = try parser.parseDescription()
                    if parser.peekKeyword("true") || parser.peekKeyword("false") || parser.peekKeyword("null") {
                        throw parser.unexpected(expected: "an enum value (not true, false or null)")
                    }
                    let name = try parser.expectName("an enum value")
                    return EnumValueDefinition(
                        name: name, description: description, directives: try parser.parseDirectives(constant: true))
                }
            }
            return type
        default:
            var type = SchemaType(name: name, kind: .inputObject, description: description, location: start)
            type.directives = try parseDirectives(constant: true)
            if peek(.braceL) {
                let fields = try many(.braceL, .braceR, what: "an input field definition", allowEmpty: true) {
                    (parser: inout Parser) throws(GraphQLSyntaxError) in try parser.parsePlacedInputValueDefinition()
                }
                for (field, location) in fields {
                    type.fieldSites.append(FieldSite(name: field.name, location: location))
                    type.add(inputField: field)
                }
            }
            return type
        }
    }

    /// `implements &? Name (& Name)*`, or nothing.
    private mutating func parseImplementsInterfaces() throws(GraphQLSyntaxError) -> [String] {
        guard peekKeyword("implements") else { return [] }
        try advance()
        _ = try skip(.amp)
        var names: [String] = []
        repeat {
            names.append(try expectName("an interface name"))
        } while try skip(.amp)
        return names
    }

    /// A field definition and where its name is.
    private mutating func parseFieldDefinition() throws(GraphQLSyntaxError) -> (FieldDefinition, SourceLocation) {
        let description = try parseDescription()
        let start = location()
        let name = try expectName("a field name")
        let arguments = try parseArgumentDefinitions()
        try expect(.colon)
        let type = try parseTypeReference()
        let field = FieldDefinition(
            name: name, description: description, arguments: arguments, type: type,
            directives: try parseDirectives(constant: true))
        return (field, start)
    }

    private mutating func parseArgumentDefinitions() throws(GraphQLSyntaxError) -> [InputValueDefinition] {
        guard peek(.parenL) else { return [] }
        return try many(.parenL, .parenR, what: "an argument definition") {
            (parser: inout Parser) throws(GraphQLSyntaxError) in try parser.parseInputValueDefinition()
        }
    }

    private mutating func parseInputValueDefinition() throws(GraphQLSyntaxError) -> InputValueDefinition {
        try parsePlacedInputValueDefinition().0
    }

    /// An input value definition and where its name is.
    private mutating func parsePlacedInputValueDefinition() throws(GraphQLSyntaxError) -> (
        InputValueDefinition, SourceLocation
    ) {
        let description = try parseDescription()
        let start = location()
        let name = try expectName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try skip(.equals) ? try parseValue(constant: true) : nil
        let value = InputValueDefinition(
            name: name, description: description, type: type, defaultValue: defaultValue,
            directives: try parseDirectives(constant: true))
        return (value, start)
    }

    private mutating func parseDirectiveDefinition(description: String?) throws(GraphQLSyntaxError)
        -> DirectiveDefinition
    {
        try expect(.at)
        let name = try expectName("a directive name")
        let arguments = try parseArgumentDefinitions()
        var isRepeatable = false
        if peekKeyword("repeatable") {
            try advance()
            isRepeatable = true
        }
        try expectKeyword("on")
        _ = try skip(.pipe)
        var locations: [String] = []
        repeat {
            locations.append(try expectName("a directive location"))
        } while try skip(.pipe)
        return DirectiveDefinition(
            name: name, description: description, arguments: arguments, isRepeatable: isRepeatable,
            locations: locations)
    }
}
