/// A recursive-descent parser over the tokens of one GraphQL text: the executable grammar here
/// and in `Parser+Executable.swift`, the type-system grammar in `Schema/`.
///
/// Nesting of selection sets, list and object values and list types is limited to `maxDepth`,
/// so no input can exhaust the stack. A value type used on one thread.
struct Parser {
    static let maxDepth = 256

    var lexer: Lexer
    /// The current token, not yet consumed.
    private(set) var token: Token
    private var depth = 0

    init(_ source: String) throws(GraphQLSyntaxError) {
        lexer = Lexer(source)
        token = try lexer.next()
    }

    mutating func advance() throws(GraphQLSyntaxError) {
        token = try lexer.next()
    }

    func peek(_ kind: TokenKind) -> Bool { token.kind == kind }

    /// Consumes the current token if it is of `kind`.
    mutating func skip(_ kind: TokenKind) throws(GraphQLSyntaxError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    @discardableResult
    mutating func expect(_ kind: TokenKind, _ context: String = "") throws(GraphQLSyntaxError) -> Token {
        guard token.kind == kind else { throw unexpected(expected: kind.quoted + context) }
        let current = token
        try advance()
        return current
    }

    mutating func expectName(_ what: String = "Name") throws(GraphQLSyntaxError) -> String {
        guard token.kind == .name else { throw unexpected(expected: what) }
        let name = text(of: token)
        try advance()
        return name
    }

    /// Whether the current token is the name `keyword`.
    func peekKeyword(_ keyword: StaticString) -> Bool {
        guard token.kind == .name, token.end - token.start == keyword.utf8CodeUnitCount else { return false }
        let bytes = lexer.bytes
        return keyword.withUTF8Buffer { buffer in
            var i = 0
            while i < buffer.count {
                if bytes[token.start + i] != buffer[i] { return false }
                i += 1
            }
            return true
        }
    }

    mutating func expectKeyword(_ keyword: StaticString) throws(GraphQLSyntaxError) {
        guard peekKeyword(keyword) else { throw unexpected(expected: "'\(keyword)'") }
        try advance()
    }

    func text(of token: Token) -> String {
        String(decoding: lexer.bytes[token.start..<token.end], as: UTF8.self)
    }

    mutating func location() -> SourceLocation {
        lexer.location(of: token)
    }

    /// The current token for a message, e.g. `'}'`, `Name 'type'`, `<EOF>`.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .name, .int, .float: "\(token.kind.quoted) '\(text(of: token))'"
        case .string, .blockString:
            "\(token.kind.quoted) \"\(Parser.abbreviated(token.value ?? ""))\""
        default: token.kind.quoted
        }
    }

    static func abbreviated(_ text: String) -> String {
        text.count > 24 ? String(text.prefix(24)) + "…" : text
    }

    /// An error at the current token: `Expected <expected>, found <token>`.
    mutating func unexpected(expected: String) -> GraphQLSyntaxError {
        GraphQLSyntaxError("Expected \(expected), found \(describe(token))", at: location())
    }

    /// Enters one level of nesting; throws past `maxDepth`.
    mutating func nest() throws(GraphQLSyntaxError) {
        depth += 1
        if depth > Parser.maxDepth {
            throw GraphQLSyntaxError(
                "Nesting is deeper than the limit of \(Parser.maxDepth) levels", at: location())
        }
    }

    mutating func unnest() {
        depth -= 1
    }

    static func isCloser(_ kind: TokenKind) -> Bool {
        kind == .braceR || kind == .parenR || kind == .bracketR
    }

    /// `open item+ close` (or `item*` when `allowEmpty`), with a message naming the opener when
    /// the text ends, or another bracket closes, first.
    mutating func many<T>(
        _ open: TokenKind, _ close: TokenKind, what: String, allowEmpty: Bool = false,
        _ item: (inout Parser) throws(GraphQLSyntaxError) -> T
    ) throws(GraphQLSyntaxError) -> [T] {
        let openLocation = location()
        try nest()
        try expect(open)
        var items: [T] = []
        if allowEmpty, try skip(close) {
            unnest()
            return items
        }
        repeat {
            if token.kind == .eof || (token.kind != close && Parser.isCloser(token.kind)) {
                throw unexpected(expected: "\(what) or \(close.quoted) to close the \(open.quoted) at \(openLocation)")
            }
            items.append(try item(&self))
        } while try !skip(close)
        unnest()
        return items
    }
}
