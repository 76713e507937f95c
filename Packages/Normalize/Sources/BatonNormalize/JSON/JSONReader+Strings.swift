/// Strings: scanning with validation (escapes, control characters, UTF-8) and decoding.
extension JSONReader {
    /// Reads a string value.
    ///
    /// Without escapes the result is made straight from the bytes; escapes, including
    /// `\uXXXX` surrogate pairs, are decoded. A lone surrogate escape is an error
    /// (`.loneSurrogate`), never replaced by U+FFFD.
    public mutating func readString() throws(JSONReadError) -> String {
        let c = skipWhitespace()
        guard c == UInt8(ascii: "\"") else { throw mismatch(expected: .string, found: c) }
        let start = position &+ 1
        let escaped = try scanString()
        let raw = UnsafeBufferPointer(start: bytes + start, count: position &- start &- 1)
        return escaped ? Self.decodeEscaped(raw) : String(decoding: raw, as: UTF8.self)
    }

    /// Reads a string value without making a `String`: its raw bytes (between the quotes,
    /// escapes not decoded), valid while this reader lives, and whether it had escapes.
    @inline(__always)
    mutating func readRawString() throws(JSONReadError) -> (raw: UnsafeBufferPointer<UInt8>, escaped: Bool) {
        let c = skipWhitespace()
        guard c == UInt8(ascii: "\"") else { throw mismatch(expected: .string, found: c) }
        let start = position &+ 1
        let escaped = try scanString()
        return (UnsafeBufferPointer(start: bytes + start, count: position &- start &- 1), escaped)
    }

    /// Reads a string value as the ingest's walk keeps it (`JSONTokenSource`): one without
    /// escapes made through `table`, which shares a text the response repeats.
    @inline(__always)
    mutating func readText(sharing table: inout StringTable) throws(JSONReadError) -> String {
        let (raw, escaped) = try readRawString()
        return escaped ? Self.decodeEscaped(raw) : table.string(raw)
    }

    /// Reads a string value as ``readText(sharing:)`` does, with its raw bytes when it had no
    /// escapes (`JSONTokenSource`).
    @inline(__always)
    mutating func readTextAndUTF8(sharing table: inout StringTable) throws(JSONReadError)
        -> (text: String, utf8: UnsafeBufferPointer<UInt8>?)
    {
        let (raw, escaped) = try readRawString()
        if escaped { return (Self.decodeEscaped(raw), nil) }
        return (table.string(raw), raw)
    }

    /// Reads a string value and passes its raw bytes (between the quotes, escapes not
    /// decoded) to `body`, without making a `String`. `escaped` tells whether there were escapes.
    public mutating func withRawString<R>(
        _ body: (_ raw: UnsafeBufferPointer<UInt8>, _ escaped: Bool) throws(JSONReadError) -> R
    ) throws(JSONReadError) -> R {
        let c = skipWhitespace()
        guard c == UInt8(ascii: "\"") else { throw mismatch(expected: .string, found: c) }
        let start = position &+ 1
        let escaped = try scanString()
        return try body(UnsafeBufferPointer(start: bytes + start, count: position &- start &- 1), escaped)
    }

    /// Scans the string whose opening quote is at `position`, validating it, and leaves
    /// `position` after the closing quote. Returns whether the string had escapes.
    @inline(__always)
    mutating func scanString() throws(JSONReadError) -> Bool {
        var p = position &+ 1
        var escaped = false
        while true {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + p).loadUnaligned(as: UInt64.self))
            let special = Self.specialBytes(word)
            if special == 0 {
                p &+= 8
                continue
            }
            p &+= special.trailingZeroBitCount &>> 3
            let c = bytes[p]
            if c == UInt8(ascii: "\"") {
                position = p &+ 1
                return escaped
            }
            if c == UInt8(ascii: "\\") {
                escaped = true
                p = try validateEscape(at: p)
            } else if c >= 0x80 {
                p = try validateUTF8(at: p)
            } else if p >= byteCount {
                throw error(.unexpectedEnd, at: p, expected: "'\"' to close the string", found: "end of input")
            } else {
                throw error(
                    .controlCharacterInString, at: p, expected: "an escape for a control character",
                    found: Self.describe(c))
            }
        }
    }

    /// A word with the high bit set in the byte of every `"`, `\`, byte below 0x20 and byte
    /// of 0x80 or more. Bytes above the first flagged one may be flagged falsely; the lowest
    /// flagged byte is always a real one.
    @inline(__always)
    static func specialBytes(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = w ^ (ones &* 0x22)
        let backslash = w ^ (ones &* 0x5C)
        let isQuote = (quote &- ones) & ~quote
        let isBackslash = (backslash &- ones) & ~backslash
        let isControl = (w &- ones &* 0x20) & ~w
        return (isQuote | isBackslash | isControl | w) & high
    }

    /// Validates the escape whose backslash is at `p`; returns the offset after it.
    @inline(never)
    func validateEscape(at p: Int) throws(JSONReadError) -> Int {
        switch bytes[p &+ 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return p &+ 2
        case UInt8(ascii: "u"):
            guard let unit = Self.hex4(bytes + (p &+ 2)) else {
                throw error(
                    .invalidUnicodeEscape, at: p, expected: "four hexadecimal digits after \\u",
                    found: describe(bytes[p &+ 2], at: p &+ 2))
            }
            if unit & 0xF800 != 0xD800 { return p &+ 6 }
            guard unit < 0xDC00, bytes[p &+ 6] == UInt8(ascii: "\\"), bytes[p &+ 7] == UInt8(ascii: "u"),
                let low = Self.hex4(bytes + (p &+ 8)), low & 0xFC00 == 0xDC00
            else {
                throw error(
                    .loneSurrogate, at: p,
                    expected: unit < 0xDC00
                        ? "a \\u escape of a low surrogate after a high surrogate"
                        : "a high surrogate before a low surrogate",
                    found: "an unpaired surrogate")
            }
            return p &+ 12
        default:
            if p &+ 1 >= byteCount {
                throw error(.unexpectedEnd, at: p &+ 1, expected: "an escape", found: "end of input")
            }
            throw error(
                .invalidEscape, at: p, expected: "one of \" \\ / b f n r t u after '\\'",
                found: Self.describe(bytes[p &+ 1]))
        }
    }

    /// The value of four hexadecimal digits at `p`, or nil.
    @inline(__always)
    static func hex4(_ p: UnsafePointer<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        for i in 0..<4 {
            let c = UInt32(p[i])
            let digit: UInt32
            switch c {
            case 0x30...0x39: digit = c &- 0x30
            case 0x41...0x46: digit = c &- 0x37
            case 0x61...0x66: digit = c &- 0x57
            default: return nil
            }
            value = value &<< 4 | digit
        }
        return value
    }

    /// Validates the UTF-8 sequence whose lead byte (0x80 or more) is at `p`, per Unicode's
    /// table of well-formed sequences; returns the offset after it.
    @inline(never)
    func validateUTF8(at p: Int) throws(JSONReadError) -> Int {
        let lead = bytes[p]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default:
            throw error(.invalidUTF8, at: p, expected: "a UTF-8 lead byte", found: Self.describe(lead))
        }
        let second = bytes[p &+ 1]
        guard second >= low && second <= high else { throw badContinuation(at: p &+ 1, lead: p) }
        if length > 2 {
            guard bytes[p &+ 2] & 0xC0 == 0x80 else { throw badContinuation(at: p &+ 2, lead: p) }
            if length > 3 {
                guard bytes[p &+ 3] & 0xC0 == 0x80 else { throw badContinuation(at: p &+ 3, lead: p) }
            }
        }
        return p &+ length
    }

    @inline(never)
    func badContinuation(at offset: Int, lead: Int) -> JSONReadError {
        if offset >= byteCount {
            return error(.unexpectedEnd, at: offset, expected: "the rest of a UTF-8 sequence", found: "end of input")
        }
        return error(
            .invalidUTF8, at: lead, expected: "a well-formed UTF-8 sequence",
            found: "byte \(Self.describe(bytes[offset])) after lead \(Self.describe(bytes[lead]))")
    }

    /// Decodes the raw bytes of a validated string that has escapes.
    static func decodeEscaped(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: raw.count) { out -> Int in
            var i = 0
            var o = 0
            let n = raw.count
            while i < n {
                let c = raw[i]
                if c != UInt8(ascii: "\\") {
                    out[o] = c
                    o &+= 1
                    i &+= 1
                    continue
                }
                let e = raw[i &+ 1]
                i &+= 2
                switch e {
                case UInt8(ascii: "b"): out[o] = 0x08
                case UInt8(ascii: "f"): out[o] = 0x0C
                case UInt8(ascii: "n"): out[o] = 0x0A
                case UInt8(ascii: "r"): out[o] = 0x0D
                case UInt8(ascii: "t"): out[o] = 0x09
                case UInt8(ascii: "u"):
                    var scalar = hex4(raw.baseAddress! + i) ?? 0xFFFD
                    i &+= 4
                    if scalar & 0xFC00 == 0xD800, i &+ 6 <= n, let low = hex4(raw.baseAddress! + (i &+ 2)) {
                        scalar = 0x10000 &+ ((scalar &- 0xD800) &<< 10) &+ (low &- 0xDC00)
                        i &+= 6
                    }
                    o = encodeUTF8(scalar, into: out, at: o)
                    continue
                default: out[o] = e  // '"', '\\' and '/' stand for themselves
                }
                o &+= 1
            }
            return o
        }
    }

    /// Writes `scalar` as UTF-8 at `o`; returns the offset after it.
    @inline(__always)
    static func encodeUTF8(_ scalar: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at o: Int) -> Int {
        switch scalar {
        case 0..<0x80:
            out[o] = UInt8(truncatingIfNeeded: scalar)
            return o &+ 1
        case 0x80..<0x800:
            out[o] = UInt8(truncatingIfNeeded: 0xC0 | scalar &>> 6)
            out[o &+ 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return o &+ 2
        case 0x800..<0x10000:
            out[o] = UInt8(truncatingIfNeeded: 0xE0 | scalar &>> 12)
            out[o &+ 1] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 6 & 0x3F)
            out[o &+ 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return o &+ 3
        default:
            out[o] = UInt8(truncatingIfNeeded: 0xF0 | scalar &>> 18)
            out[o &+ 1] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 12 & 0x3F)
            out[o &+ 2] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 6 & 0x3F)
            out[o &+ 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return o &+ 4
        }
    }
}
