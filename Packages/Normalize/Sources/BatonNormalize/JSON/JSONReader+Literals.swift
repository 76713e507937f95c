/// `true`, `false` and `null`.
extension JSONReader {
    /// Reads `true` or `false`.
    public mutating func readBool() throws(JSONReadError) -> Bool {
        let c = skipWhitespace()
        let word = loadWord32(at: position)
        if c == UInt8(ascii: "t") {
            guard word == Self.trueWord else { throw invalidLiteral("true") }
            position &+= 4
            return true
        }
        if c == UInt8(ascii: "f") {
            guard word == Self.falsWord, bytes[position &+ 4] == UInt8(ascii: "e") else {
                throw invalidLiteral("false")
            }
            position &+= 5
            return false
        }
        throw mismatch(expected: .bool, found: c)
    }

    /// Reads `null`.
    public mutating func readNull() throws(JSONReadError) {
        let c = skipWhitespace()
        guard c == UInt8(ascii: "n") else { throw mismatch(expected: .null, found: c) }
        guard loadWord32(at: position) == Self.nullWord else { throw invalidLiteral("null") }
        position &+= 4
    }

    /// Consumes `null` and returns true if the next value is null; otherwise consumes
    /// nothing and returns false.
    public mutating func tryNull() throws(JSONReadError) -> Bool {
        guard skipWhitespace() == UInt8(ascii: "n") else { return false }
        guard loadWord32(at: position) == Self.nullWord else { throw invalidLiteral("null") }
        position &+= 4
        return true
    }

    /// Four bytes at `offset` (within the zero padding at the end), first byte lowest.
    @inline(__always)
    func loadWord32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt32.self))
    }

    static let trueWord: UInt32 = 0x6575_7274  // "true"
    static let falsWord: UInt32 = 0x736C_6166  // "fals"
    static let nullWord: UInt32 = 0x6C6C_756E  // "null"

    @inline(never)
    func invalidLiteral(_ literal: String) -> JSONReadError {
        var p = position
        for expectedByte in literal.utf8 {
            guard bytes[p] == expectedByte else { break }
            p += 1
        }
        if p >= byteCount {
            return error(.unexpectedEnd, at: p, expected: "the rest of '\(literal)'", found: "end of input")
        }
        return error(.invalidLiteral, at: position, expected: "'\(literal)'", found: Self.describe(bytes[p]))
    }
}
