/// A strict (RFC 8259) pull reader over one JSON text in UTF-8.
///
/// The reader copies the bytes once into a buffer it owns and hands out values token by
/// token, never building a tree unless asked (`readValue()`), so a caller can walk its own
/// plan while it reads. Usage:
///
///     var reader = JSONReader(bytes)
///     try reader.beginObject()
///     while let key = try reader.nextKey() {
///         if key.equals("id") { id = try reader.readString() } else { try reader.skipValue() }
///     }
///     try reader.finish()
///
/// Call `nextKey()` inside an object and `nextElement()` inside an array before each member
/// or element (they consume the separators and the closing bracket). Everything read is
/// validated: grammar, string escapes, UTF-8, number syntax and nesting depth; duplicate keys
/// are left to the caller. Nothing recurses, so hostile nesting cannot exhaust the stack.
///
/// After a thrown error the reader's position is unspecified: discard it (reading on is
/// memory-safe but meaningless). Calling `nextKey()` outside an object or `nextElement()`
/// outside an array is a programming error and traps.
///
/// Thread safety: a noncopyable cursor for one task at a time; not `Sendable`.
public struct JSONReader: ~Copyable {
    /// The text, followed by `padding` zero bytes so that word loads and look-ahead need no
    /// bounds checks: a zero byte stops every scan, and the reader then tells end of input
    /// from a NUL in the text by comparing the position with `byteCount`.
    let bytes: UnsafeMutablePointer<UInt8>
    /// The length of the text in bytes.
    public let byteCount: Int
    /// The deepest nesting of arrays and objects allowed.
    public let maxDepth: Int
    /// How many containers are open.
    public internal(set) var depth: Int = 0
    /// Offset of the next unread byte.
    var position: Int = 0
    /// Bit `d` is set when the container at depth `d + 1` is an object.
    let containerBits: UnsafeMutablePointer<UInt64>
    /// True right after `beginObject()`/`beginArray()`: no separator is due before the next
    /// member or element.
    var atContainerStart = false

    static let padding = 16

    /// A reader over a copy of `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: one JSON text in UTF-8: a `[UInt8]`, `Data`, `String.UTF8View`, a slice...
    ///   - maxDepth: the deepest nesting of containers accepted; deeper input throws
    ///     `.depthLimitExceeded`. Defaults to 512.
    public init(_ bytes: some Collection<UInt8>, maxDepth: Int = 512) {
        precondition(maxDepth >= 0, "maxDepth must not be negative")
        let count = bytes.count
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: count + Self.padding)
        let copied = bytes.withContiguousStorageIfAvailable { source -> Bool in
            if let base = source.baseAddress { buffer.initialize(from: base, count: source.count) }
            return true
        }
        if copied == nil {
            var index = 0
            for byte in bytes {
                buffer[index] = byte
                index += 1
            }
        }
        (buffer + count).initialize(repeating: 0, count: Self.padding)
        self.bytes = buffer
        self.byteCount = count
        self.maxDepth = maxDepth
        // Each open container takes a byte of text, so depth never exceeds the byte count.
        let words = min(maxDepth, count) / 64 + 1
        containerBits = .allocate(capacity: words)
        containerBits.initialize(repeating: 0, count: words)
    }

    deinit {
        bytes.deallocate()
        containerBits.deallocate()
    }

    /// Offset of the next unread byte (whitespace before the next token included).
    public var currentOffset: Int { position }

    /// Skips whitespace and returns the byte at the new position (0 at the end).
    @inline(__always)
    mutating func skipWhitespace() -> UInt8 {
        var p = position
        var c = bytes[p]
        if c > 0x20 { return c }
        while c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
            p &+= 1
            c = bytes[p]
        }
        position = p
        return c
    }

    /// The kind of the next value, without consuming it.
    public mutating func peekKind() throws(JSONReadError) -> JSONKind {
        let c = skipWhitespace()
        switch c {
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw notAValue(c)
        }
    }

    // MARK: Containers

    /// Consumes the `{` that opens an object.
    public mutating func beginObject() throws(JSONReadError) {
        let c = skipWhitespace()
        guard c == UInt8(ascii: "{") else { throw mismatch(expected: .object, found: c) }
        try push(isObject: true)
    }

    /// Consumes the `[` that opens an array.
    public mutating func beginArray() throws(JSONReadError) {
        let c = skipWhitespace()
        guard c == UInt8(ascii: "[") else { throw mismatch(expected: .array, found: c) }
        try push(isObject: false)
    }

    @inline(__always)
    mutating func push(isObject: Bool) throws(JSONReadError) {
        guard depth < maxDepth else {
            throw error(
                .depthLimitExceeded, at: position, expected: "at most \(maxDepth) nested containers",
                found: "one more")
        }
        let word = depth >> 6
        let bit = UInt64(1) << UInt64(depth & 63)
        if isObject { containerBits[word] |= bit } else { containerBits[word] &= ~bit }
        depth &+= 1
        position &+= 1
        atContainerStart = true
    }

    /// Whether the innermost open container is an object.
    @inline(__always)
    var innermostIsObject: Bool {
        let d = depth &- 1
        return containerBits[d >> 6] & (UInt64(1) << UInt64(d & 63)) != 0
    }

    /// Moves to the next member of the innermost object: consumes a `,` if one is due, the
    /// key and its `:`, and returns the key. Returns nil, having consumed the `}`, at the end.
    ///
    /// The key's bytes stay valid while this reader lives.
    public mutating func nextKey() throws(JSONReadError) -> JSONKey? {
        precondition(depth > 0 && innermostIsObject, "JSONReader.nextKey() called outside an object")
        var c = skipWhitespace()
        if atContainerStart {
            atContainerStart = false
            if c == UInt8(ascii: "}") {
                position &+= 1
                depth &-= 1
                return nil
            }
        } else if c == UInt8(ascii: ",") {
            position &+= 1
            c = skipWhitespace()
            if c == UInt8(ascii: "}") {
                throw error(.trailingComma, at: position, expected: "a member after ','", found: "'}'")
            }
        } else if c == UInt8(ascii: "}") {
            position &+= 1
            depth &-= 1
            return nil
        } else {
            throw unexpected(c, expected: "',' or '}'")
        }
        guard c == UInt8(ascii: "\"") else { throw unexpected(c, expected: "a string key") }
        let start = position
        let escaped = try scanString()
        let key = JSONKey(
            utf8: UnsafeBufferPointer(start: bytes + start + 1, count: position - start - 2),
            hasEscapes: escaped, offset: start)
        let colon = skipWhitespace()
        guard colon == UInt8(ascii: ":") else { throw unexpected(colon, expected: "':' after the key") }
        position &+= 1
        return key
    }

    /// Moves to the next element of the innermost array: consumes a `,` if one is due and
    /// returns true, or consumes the `]` and returns false at the end.
    public mutating func nextElement() throws(JSONReadError) -> Bool {
        precondition(depth > 0 && !innermostIsObject, "JSONReader.nextElement() called outside an array")
        let c = skipWhitespace()
        if atContainerStart {
            atContainerStart = false
            if c == UInt8(ascii: "]") {
                position &+= 1
                depth &-= 1
                return false
            }
            return true
        }
        if c == UInt8(ascii: ",") {
            position &+= 1
            if skipWhitespace() == UInt8(ascii: "]") {
                throw error(.trailingComma, at: position, expected: "a value after ','", found: "']'")
            }
            return true
        }
        if c == UInt8(ascii: "]") {
            position &+= 1
            depth &-= 1
            return false
        }
        throw unexpected(c, expected: "',' or ']'")
    }

    /// Asserts that the top-level value is complete and only whitespace follows it.
    public mutating func finish() throws(JSONReadError) {
        let c = skipWhitespace()
        if depth > 0 {
            throw unexpected(c, expected: innermostIsObject ? "',' or '}'" : "',' or ']'")
        }
        if position < byteCount {
            throw error(
                .trailingData, at: position, expected: "only whitespace after the value",
                found: Self.describe(c))
        }
    }

    // MARK: Locations

    /// One-based line and column (in UTF-8 bytes) of a byte offset. Costs a scan of the text
    /// up to `offset`; meant for error messages.
    public func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), byteCount)
        var line = 1
        var lineStart = 0
        for i in 0..<end where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return (line, end - lineStart + 1)
    }

    /// `error` with its line and column filled in from this reader's text.
    public func locating(_ error: JSONReadError) -> JSONReadError {
        var located = error
        let (line, column) = location(ofOffset: error.offset)
        located.line = line
        located.column = column
        return located
    }
}
