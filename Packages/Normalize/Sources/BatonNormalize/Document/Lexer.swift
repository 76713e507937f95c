/// Turns GraphQL source bytes (UTF-8) into tokens, one at a time, skipping ignored tokens
/// (whitespace, line terminators, commas, comments, byte order marks).
///
/// A value type used by one parser on one thread.
struct Lexer {
    let bytes: [UInt8]
    private(set) var position = 0
    private(set) var line = 1
    private(set) var lineStart = 0
    private var columnCacheLineStart = 0
    private var columnCacheOffset = 0
    private var columnCacheColumn = 1

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// The byte at `index`, or -1 past the end.
    @inline(__always)
    func byte(_ index: Int) -> Int {
        index < bytes.count ? Int(bytes[index]) : -1
    }

    /// The location of the byte at `offset` of a token that starts on `line` at `lineStart`.
    mutating func location(of offset: Int, line: Int, lineStart: Int) -> SourceLocation {
        var from = lineStart
        var column = 1
        if columnCacheLineStart == lineStart && columnCacheOffset <= offset {
            from = columnCacheOffset
            column = columnCacheColumn
        }
        var index = from
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        columnCacheLineStart = lineStart
        columnCacheOffset = offset
        columnCacheColumn = column
        return SourceLocation(line: line, column: column)
    }

    mutating func location(of token: Token) -> SourceLocation {
        location(of: token.start, line: token.line, lineStart: token.lineStart)
    }

    /// The location of any byte offset, counting lines from the start: for errors only.
    func slowLocation(of offset: Int) -> SourceLocation {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let b = bytes[index]
            if b == 0x0A {
                line += 1
                lineStart = index + 1
            } else if b == 0x0D {
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        var i = lineStart
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return SourceLocation(line: line, column: column)
    }

    func error(_ message: String, at offset: Int) -> GraphQLSyntaxError {
        GraphQLSyntaxError(message, at: slowLocation(of: offset))
    }

    /// The next token after the ignored ones.
    mutating func next() throws(GraphQLSyntaxError) -> Token {
        skipIgnored()
        let start = position
        func punctuator(_ kind: TokenKind, _ length: Int = 1) -> Token {
            Token(kind: kind, start: start, end: start + length, line: line, lineStart: lineStart)
        }
        let b = byte(position)
        let token: Token
        switch b {
        case -1: token = punctuator(.eof, 0)
        case 0x21: token = punctuator(.bang)
        case 0x24: token = punctuator(.dollar)
        case 0x26: token = punctuator(.amp)
        case 0x28: token = punctuator(.parenL)
        case 0x29: token = punctuator(.parenR)
        case 0x2E:
            guard byte(position + 1) == 0x2E && byte(position + 2) == 0x2E else {
                throw error("Unexpected '.', did you mean '...'?", at: position)
            }
            token = punctuator(.spread, 3)
        case 0x3A: token = punctuator(.colon)
        case 0x3D: token = punctuator(.equals)
        case 0x40: token = punctuator(.at)
        case 0x5B: token = punctuator(.bracketL)
        case 0x5D: token = punctuator(.bracketR)
        case 0x7B: token = punctuator(.braceL)
        case 0x7C: token = punctuator(.pipe)
        case 0x7D: token = punctuator(.braceR)
        case 0x22:
            if byte(position + 1) == 0x22 && byte(position + 2) == 0x22 {
                return try readBlockString()
            }
            return try readString()
        case 0x2D, 0x30...0x39:
            return try readNumber()
        default:
            if Lexer.isNameStart(b) {
                var end = position + 1
                while Lexer.isNameContinue(byte(end)) { end += 1 }
                token = Token(kind: .name, start: start, end: end, line: line, lineStart: lineStart)
            } else {
                throw error("Unexpected character \(describeCharacter(at: position))", at: position)
            }
        }
        position = token.end
        return token
    }

    static func isNameStart(_ b: Int) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    static func isNameContinue(_ b: Int) -> Bool {
        isNameStart(b) || (b >= 0x30 && b <= 0x39)
    }

    private mutating func skipIgnored() {
        while true {
            switch byte(position) {
            case 0x20, 0x09, 0x2C:
                position += 1
            case 0x0A:
                position += 1
                newLine()
            case 0x0D:
                position += byte(position + 1) == 0x0A ? 2 : 1
                newLine()
            case 0x23:
                position += 1
                while true {
                    let c = byte(position)
                    if c == -1 || c == 0x0A || c == 0x0D { break }
                    position += 1
                }
            case 0xEF where byte(position + 1) == 0xBB && byte(position + 2) == 0xBF:
                position += 3
            default:
                return
            }
        }
    }

    mutating func newLine() {
        line += 1
        lineStart = position
    }

    /// Moves past a line terminator inside a block string, counting the line.
    mutating func advanceLine(to newPosition: Int) {
        position = newPosition
        newLine()
    }

    mutating func setPosition(_ newPosition: Int) {
        position = newPosition
    }

    /// The Unicode scalar whose UTF-8 encoding starts at `offset`, and its length in bytes.
    func scalar(at offset: Int) -> (Unicode.Scalar, Int)? {
        var iterator = bytes[offset...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return (scalar, scalar.utf8.count)
        }
        return nil
    }

    /// The character at `offset` for a message: `'x'` when printable, `U+XXXX` otherwise.
    func describeCharacter(at offset: Int) -> String {
        guard offset < bytes.count else { return "<EOF>" }
        guard let (scalar, _) = scalar(at: offset) else { return "U+FFFD" }
        if scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80..<0xA0).contains(scalar.value) {
            return "'\(Character(scalar))'"
        }
        return Lexer.codePoint(scalar.value)
    }

    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
