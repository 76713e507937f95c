/// Building `JSONReadError`s. Kept out of line: the hot paths only branch to them.
extension JSONReader {
    @inline(never)
    func error(_ kind: JSONReadError.Kind, at offset: Int, expected: String, found: String) -> JSONReadError {
        JSONReadError(kind: kind, offset: offset, expected: expected, found: found)
    }

    /// `c`, the byte at the current position, was not what the grammar allows here.
    @inline(never)
    func unexpected(_ c: UInt8, expected: String) -> JSONReadError {
        let kind: JSONReadError.Kind = position >= byteCount ? .unexpectedEnd : .unexpectedByte
        return error(kind, at: position, expected: expected, found: describe(c, at: position))
    }

    /// A read of one kind met a value of another (or no value at all).
    @inline(never)
    func mismatch(expected: JSONKind, found c: UInt8) -> JSONReadError {
        let found: JSONKind
        switch c {
        case UInt8(ascii: "\""): found = .string
        case UInt8(ascii: "{"): found = .object
        case UInt8(ascii: "["): found = .array
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): found = .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): found = .bool
        case UInt8(ascii: "n"): found = .null
        default:
            var failure = notAValue(c)
            if failure.kind == .unexpectedByte || failure.kind == .unexpectedEnd {
                failure = error(failure.kind, at: failure.offset, expected: expected.description, found: failure.found)
            }
            return failure
        }
        return error(.typeMismatch, at: position, expected: expected.description, found: found.description)
    }

    /// `c` cannot start a value; names `NaN`/`Infinity` and `.5`/`+1` for what they are.
    @inline(never)
    func notAValue(_ c: UInt8) -> JSONReadError {
        if position >= byteCount {
            return error(.unexpectedEnd, at: position, expected: "a value", found: "end of input")
        }
        if c == UInt8(ascii: "N") || c == UInt8(ascii: "I") {
            return error(
                .nonFiniteNumber, at: position, expected: "a finite number or another value",
                found: describe(c, at: position))
        }
        if c == UInt8(ascii: ".") || c == UInt8(ascii: "+") {
            return error(
                .invalidNumber, at: position, expected: "'-' or a digit to start a number",
                found: describe(c, at: position))
        }
        return error(.unexpectedByte, at: position, expected: "a value", found: describe(c, at: position))
    }

    /// The byte at `offset` in words for an error message.
    func describe(_ c: UInt8, at offset: Int) -> String {
        offset >= byteCount ? "end of input" : Self.describe(c)
    }

    static func describe(_ c: UInt8) -> String {
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        let hex = String(c, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }
}
