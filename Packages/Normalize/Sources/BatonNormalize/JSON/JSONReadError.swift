/// Why a JSON text was rejected, and where.
///
/// `offset` is the zero-based byte offset of the offending byte (or of the start of the
/// offending token). `line` and `column` (one-based; the column counts UTF-8 bytes) are not
/// computed while reading: `JSONValue.parse` fills them in, and a caller of `JSONReader` gets
/// them from `JSONReader.locating(_:)`. A plain value: safe on any thread.
public struct JSONReadError: Error, Hashable, CustomStringConvertible {
    /// The rule the text broke.
    public enum Kind: Sendable, Hashable {
        /// The text ended inside a value or container (including an unterminated string).
        case unexpectedEnd
        /// A byte that cannot start or continue anything at this point.
        case unexpectedByte
        /// A value of another kind than the one asked for (`readString()` on a number, say).
        case typeMismatch
        /// A number literal that breaks the grammar: `-`, `01`, `1.`, `.5`, `1e`, `+1`.
        case invalidNumber
        /// `NaN`, `Infinity` or `-Infinity`, which JSON does not have.
        case nonFiniteNumber
        /// A valid number whose magnitude does not fit a `Double` (`1e400`).
        case numberOutOfRange
        /// `readInt()` on a number that is not integral or does not fit `Int`.
        case numberNotInteger
        /// A misspelt `true`, `false` or `null`.
        case invalidLiteral
        /// A backslash followed by anything but `" \ / b f n r t u`.
        case invalidEscape
        /// `\u` not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// A `\u` escape of a UTF-16 surrogate that is not half of a high-low pair.
        case loneSurrogate
        /// An unescaped byte below 0x20 inside a string.
        case controlCharacterInString
        /// A string's bytes are not well-formed UTF-8 (overlong, truncated, surrogate, > U+10FFFF).
        case invalidUTF8
        /// A `,` directly before `]` or `}`.
        case trailingComma
        /// Containers nested deeper than the reader's `maxDepth`.
        case depthLimitExceeded
        /// Something other than whitespace after the top-level value.
        case trailingData
    }

    public let kind: Kind
    /// Zero-based byte offset into the text.
    public let offset: Int
    /// What the reader expected at `offset`, in words ("',' or '}'").
    public let expected: String
    /// What it found ("'x'", "byte 0xC0", "end of input", "a number").
    public let found: String
    /// One-based line of `offset`, when located.
    public internal(set) var line: Int?
    /// One-based column of `offset` in UTF-8 bytes, when located.
    public internal(set) var column: Int?

    public init(kind: Kind, offset: Int, expected: String, found: String, line: Int? = nil, column: Int? = nil) {
        self.kind = kind
        self.offset = offset
        self.expected = expected
        self.found = found
        self.line = line
        self.column = column
    }

    public var description: String {
        var text = "JSON \(kind) at byte \(offset)"
        if let line, let column { text += " (line \(line), column \(column))" }
        return text + ": expected \(expected), found \(found)"
    }
}
