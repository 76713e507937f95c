/// The kinds of lexical token in GraphQL source text.
enum TokenKind: UInt8, Sendable {
    case eof
    case bang
    case dollar
    case amp
    case parenL
    case parenR
    case spread
    case colon
    case equals
    case at
    case bracketL
    case bracketR
    case braceL
    case pipe
    case braceR
    case name
    case int
    case float
    case string
    case blockString

    var quoted: String {
        switch self {
        case .eof: "<EOF>"
        case .bang: "'!'"
        case .dollar: "'$'"
        case .amp: "'&'"
        case .parenL: "'('"
        case .parenR: "')'"
        case .spread: "'...'"
        case .colon: "':'"
        case .equals: "'='"
        case .at: "'@'"
        case .bracketL: "'['"
        case .bracketR: "']'"
        case .braceL: "'{'"
        case .pipe: "'|'"
        case .braceR: "'}'"
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        }
    }
}

/// One token: its kind, its byte range in the source, the line it starts on, and for strings the
/// decoded value.
struct Token: Sendable {
    var kind: TokenKind
    var start: Int
    var end: Int
    var line: Int
    var lineStart: Int
    var value: String?
}
