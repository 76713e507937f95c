extension Parser {
    /// `Document := ExecutableDefinition+`.
    mutating func parseExecutableDocument() throws(GraphQLSyntaxError) -> Document {
        var definitions: [Document.Definition] = []
        repeat {
            if peek(.braceL) || peekKeyword("query") || peekKeyword("mutation") || peekKeyword("subscription") {
                definitions.append(.operation(try parseOperation()))
            } else if peekKeyword("fragment") {
                definitions.append(.fragment(try parseFragmentDefinition()))
            } else {
                throw unexpected(expected: "'query', 'mutation', 'subscription', 'fragment' or '{'")
            }
        } while !peek(.eof)
        return Document(definitions: definitions)
    }

    mutating func parseOperation() throws(GraphQLSyntaxError) -> OperationDefinition {
        let start = location()
        if peek(.braceL) {
            return OperationDefinition(kind: .query, selectionSet: try parseSelectionSet(), location: start)
        }
        let kind: OperationKind =
            peekKeyword("query") ? .query : peekKeyword("mutation") ? .mutation : .subscription
        try advance()
        let name = peek(.name) ? try expectName() : nil
        let variables: [VariableDefinition] =
            peek(.parenL)
            ? try many(.parenL, .parenR, what: "a variable definition") {
                (parser: inout Parser) throws(GraphQLSyntaxError) in try parser.parseVariableDefinition()
            } : []
        let directives = try parseDirectives(constant: false)
        return OperationDefinition(
            kind: kind, name: name, variableDefinitions: variables, directives: directives,
            selectionSet: try parseSelectionSet(), location: start)
    }

    mutating func parseVariableDefinition() throws(GraphQLSyntaxError) -> VariableDefinition {
        let start = location()
        try expect(.dollar)
        let name = try expectName("a variable name")
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try skip(.equals) ? try parseValue(constant: true) : nil
        return VariableDefinition(
            name: name, type: type, defaultValue: defaultValue,
            directives: try parseDirectives(constant: true), location: start)
    }

    mutating func parseFragmentDefinition() throws(GraphQLSyntaxError) -> FragmentDefinition {
        let start = location()
        try expectKeyword("fragment")
        if peekKeyword("on") { throw unexpected(expected: "a fragment name (not 'on')") }
        let name = try expectName("a fragment name")
        try expectKeyword("on")
        let typeCondition = try expectName("a type condition")
        return FragmentDefinition(
            name: name, typeCondition: typeCondition, directives: try parseDirectives(constant: false),
            selectionSet: try parseSelectionSet(), location: start)
    }

    mutating func parseSelectionSet() throws(GraphQLSyntaxError) -> [Selection] {
        try many(.braceL, .braceR, what: "a selection") {
            (parser: inout Parser) throws(GraphQLSyntaxError) in try parser.parseSelection()
        }
    }

    mutating func parseSelection() throws(GraphQLSyntaxError) -> Selection {
        let start = location()
        if try skip(.spread) {
            if peek(.name) && !peekKeyword("on") {
                let name = try expectName()
                return .fragmentSpread(
                    FragmentSpread(name: name, directives: try parseDirectives(constant: false), location: start))
            }
            var typeCondition: String?
            if peekKeyword("on") {
                try advance()
                typeCondition = try expectName("a type condition")
            }
            return .inlineFragment(
                InlineFragment(
                    typeCondition: typeCondition, directives: try parseDirectives(constant: false),
                    selectionSet: try parseSelectionSet(), location: start))
        }
        var name = try expectName("a selection")
        var alias: String?
        if try skip(.colon) {
            alias = name
            name = try expectName("a field name")
        }
        return .field(
            Field(
                alias: alias, name: name, arguments: try parseArguments(constant: false),
                directives: try parseDirectives(constant: false),
                selectionSet: peek(.braceL) ? try parseSelectionSet() : nil, location: start))
    }
}
