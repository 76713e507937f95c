import BatonNormalize
import Testing

@Suite struct LexerErrorTests {
    func error(_ source: String) -> GraphQLSyntaxError? {
        do {
            _ = try Document.parse(source)
            return nil
        } catch {
            return error
        }
    }

    func expectError(
        _ source: String, line: Int, column: Int, _ message: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let expected = GraphQLSyntaxError(line: line, column: column, message: message)
        #expect(error(source) == expected, sourceLocation: sourceLocation)
    }

    @Test func unterminatedStringReportsLineAndColumn() {
        expectError("{ f(a: \"abc", line: 1, column: 8, "Unterminated string: expected '\"' before the end of the line")
        expectError(
            "{\n  f(a: \"abc\n\") }", line: 2, column: 8,
            "Unterminated string: expected '\"' before the end of the line")
        expectError("{ f(a: \"\"\"abc\n\n", line: 1, column: 8, "Unterminated block string: expected '\"\"\"'")
    }

    @Test func badEscapesNameTheSequence() {
        expectError(
            #"{ f(a: "ok \x") }"#, line: 1, column: 12,
            #"Invalid character escape sequence: '\' followed by 'x'; expected one of " \ / b f n r t u"#)
        expectError(#"{ f(a: "\u12G4") }"#, line: 1, column: 9, #"Invalid Unicode escape sequence: '\u12G4'"#)
        expectError(
            #"{ f(a: "\uD83D") }"#, line: 1, column: 9,
            #"Invalid Unicode escape sequence: '\uD83D' is a lone surrogate"#)
        expectError(
            #"{ f(a: "\uDE00\uD83D") }"#, line: 1, column: 9,
            #"Invalid Unicode escape sequence: '\uDE00' is a lone surrogate"#)
        expectError(#"{ f(a: "\u{110000}") }"#, line: 1, column: 9, #"Invalid Unicode escape sequence: '\u{110000}'"#)
        expectError(#"{ f(a: "\u{}") }"#, line: 1, column: 9, #"Invalid Unicode escape sequence: '\u{}'"#)
        expectError("{ f(a: \"a\u{1}b\") }", line: 1, column: 10, "Invalid character within String: U+0001")
    }

    @Test func missingClosingBraceNamesTheOpeningOne() {
        expectError(
            "query Q {\n  a {\n    b\n  }\n", line: 5, column: 1,
            "Expected a selection or '}' to close the '{' at 1:9, found <EOF>")
        expectError(
            "{ f(a: [1, 2) }", line: 1, column: 13, "Expected a value or ']' to close the '[' at 1:8, found ')'")
        expectError(
            "{ f(a: {b: 1) }", line: 1, column: 13, "Expected a field name or '}' to close the '{' at 1:8, found ')'")
        expectError("query Q($a: [Int) { f }", line: 1, column: 17, "Expected ']' to close the '[' at 1:13, found ')'")
    }

    @Test func unexpectedTokensSayWhatWasExpected() {
        expectError("{}", line: 1, column: 2, "Expected a selection, found '}'")
        expectError("query Q($a: Int) { f(a: ) }", line: 1, column: 25, "Expected a value, found ')'")
        expectError(
            "{ f }}", line: 1, column: 6,
            "Expected 'query', 'mutation', 'subscription', 'fragment' or '{', found '}'")
        expectError(
            "", line: 1, column: 1, "Expected 'query', 'mutation', 'subscription', 'fragment' or '{', found <EOF>")
        expectError(
            "type Query { a: Int }", line: 1, column: 1,
            "Expected 'query', 'mutation', 'subscription', 'fragment' or '{', found Name 'type'")
        expectError(
            "fragment on on T { a }", line: 1, column: 10, "Expected a fragment name (not 'on'), found Name 'on'")
        expectError("fragment F T { a }", line: 1, column: 12, "Expected 'on', found Name 'T'")
        expectError("query Q($a: Int = $b) { f }", line: 1, column: 19, "Expected a constant value, found a variable")
        expectError("{ f(a: 1, a) }", line: 1, column: 12, "Expected ':', found ')'")
        expectError("{ f @ }", line: 1, column: 7, "Expected a directive name, found '}'")
        expectError(
            "{ f(a: \"s\" }", line: 1, column: 12, "Expected an argument name or ')' to close the '(' at 1:4, found '}'"
        )
    }

    @Test func badNumbersAreRejected() {
        expectError("{ f(a: 01) }", line: 1, column: 9, "Invalid number, unexpected digit after 0: '1'")
        expectError("{ f(a: 1.) }", line: 1, column: 10, "Invalid number, expected digit but found ')'")
        expectError("{ f(a: 1.e5) }", line: 1, column: 10, "Invalid number, expected digit but found 'e'")
        expectError("{ f(a: 1e) }", line: 1, column: 10, "Invalid number, expected digit but found ')'")
        expectError("{ f(a: 12abc) }", line: 1, column: 10, "Invalid number, expected digit but found 'a'")
        expectError("{ f(a: 1.5.2) }", line: 1, column: 11, "Invalid number, expected digit but found '.'")
        expectError("{ f(a: -) }", line: 1, column: 9, "Invalid number, expected digit but found ')'")
        expectError("{ f(a: .5) }", line: 1, column: 8, "Unexpected '.', did you mean '...'?")
    }

    @Test func unknownCharactersAreReportedInCharacterColumns() {
        expectError("{ f ? }", line: 1, column: 5, "Unexpected character '?'")
        expectError("{ f(a: \"ééé\") % }", line: 1, column: 15, "Unexpected character '%'")
        expectError("{\r\n  a\r\n  é }", line: 3, column: 3, "Unexpected character 'é'")
        expectError("{\r  a\r\r  \u{7} }", line: 4, column: 3, "Unexpected character U+0007")
        expectError("{ a .. }", line: 1, column: 5, "Unexpected '.', did you mean '...'?")
    }

    @Test func ignoredTokensAreIgnoredEverywhere() throws {
        let document = try Document.parse("\u{FEFF}query,Q(,$a:Int,)#comment {\n,{,f(a:$a,)#x\n,,}")
        #expect(document.compactText == "query Q($a:Int){f(a:$a)}")
        #expect(document.operations[0].location == SourceLocation(line: 1, column: 2))
    }

    @Test func unicodeEscapesDecodeToScalars() throws {
        let document = try Document.parse(#"{ f(a: "\u0041\u00E9\u4e2D\uD83D\uDE00\u{1F600}\u{0}\u{41}") }"#)
        guard case .field(let field) = document.operations[0].selectionSet[0] else {
            Issue.record("no field")
            return
        }
        #expect(field.argument("a") == .string("Aé中😀😀\u{0}A"))
    }

    @Test func blockStringsFollowTheIndentationRule() throws {
        func value(_ block: String) throws -> InputValue? {
            let document = try Document.parse("{ f(a: \(block)) }")
            guard case .field(let field) = document.operations[0].selectionSet[0] else { return nil }
            return field.argument("a")
        }
        #expect(
            try value("\"\"\"\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  \"\"\"")
                == .string("Hello,\n  World!\n\nYours,\n  GraphQL."))
        #expect(try value("\"\"\"  first\n    second\n\t\tthird\n\"\"\"") == .string("  first\n  second\nthird"))
        #expect(try value("\"\"\"\r\n  crlf\r\n    lines\r  cr\r\n\"\"\"") == .string("crlf\n  lines\ncr"))
        #expect(try value("\"\"\"  \n\n  \"\"\"") == .string(""))
        #expect(try value("\"\"\"a \\\"\"\" b \\n\"\"\"") == .string("a \"\"\" b \\n"))
        #expect(try value("\"\"\"\"\"\"") == .string(""))
    }

    @Test func blockStringLineBreaksCountForLaterLocations() {
        expectError("{ f(a: \"\"\"\n\n\"\"\") ? }", line: 3, column: 6, "Unexpected character '?'")
    }
}
