/// Numbers: grammar validation and decoding, with an exact fast path for common literals.
extension JSONReader {
    /// Reads a number: `.int` for an integer literal that fits `Int`, else a correctly
    /// rounded `.double` (see `JSONNumber`). A literal beyond `Double`'s range throws
    /// `.numberOutOfRange`.
    public mutating func readNumber() throws(JSONReadError) -> JSONNumber {
        let c = skipWhitespace()
        guard c == UInt8(ascii: "-") || (c &- UInt8(ascii: "0")) < 10 else {
            throw mismatch(expected: .number, found: c)
        }
        return try scanNumber()
    }

    /// Reads a number that is integral and fits `Int` (`3`, `-7`, also `3.0` or `1e3`);
    /// anything else throws `.numberNotInteger`.
    public mutating func readInt() throws(JSONReadError) -> Int {
        let start = skipWhitespaceOffset()
        let number = try readNumber()
        if case .int(let i) = number { return i }
        guard let i = number.intValue else {
            throw error(.numberNotInteger, at: start, expected: "an integer that fits Int", found: number.description)
        }
        return i
    }

    /// Reads a number as a `Double` (an integer beyond 2^53 is rounded).
    public mutating func readDouble() throws(JSONReadError) -> Double {
        try readNumber().doubleValue
    }

    @inline(__always)
    mutating func skipWhitespaceOffset() -> Int {
        _ = skipWhitespace()
        return position
    }

    /// Scans and decodes the number starting at `position` (a '-' or a digit).
    @inline(__always)
    mutating func scanNumber() throws(JSONReadError) -> JSONNumber {
        let start = position
        var p = start
        let negative = bytes[p] == UInt8(ascii: "-")
        if negative { p &+= 1 }
        var digit = bytes[p] &- UInt8(ascii: "0")
        var mantissa: UInt64 = 0
        let integerStart = p
        if digit == 0 {
            p &+= 1
            digit = bytes[p] &- UInt8(ascii: "0")
            if digit < 10 {
                throw error(.invalidNumber, at: p &- 1, expected: "no leading zero", found: "'0' before a digit")
            }
        } else if digit < 10 {
            repeat {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                p &+= 1
                digit = bytes[p] &- UInt8(ascii: "0")
            } while digit < 10
        } else {
            throw invalidNumber(at: p, expected: "a digit")
        }
        let integerDigits = p &- integerStart
        var c = bytes[p]
        if c != UInt8(ascii: "."), c | 0x20 != UInt8(ascii: "e") {
            position = p
            if integerDigits <= 18 {
                if negative {
                    return mantissa == 0 ? .double(-0.0) : .int(-Int(truncatingIfNeeded: mantissa))
                }
                return .int(Int(truncatingIfNeeded: mantissa))
            }
            if integerDigits == 19 {
                if !negative && mantissa <= UInt64(Int.max) { return .int(Int(truncatingIfNeeded: mantissa)) }
                if negative && mantissa <= UInt64(Int.max) &+ 1 { return .int(Int(truncatingIfNeeded: 0 &- mantissa)) }
            }
            return try slowDouble(from: start, to: p)
        }
        var fractionDigits = 0
        if c == UInt8(ascii: ".") {
            p &+= 1
            digit = bytes[p] &- UInt8(ascii: "0")
            guard digit < 10 else { throw invalidNumber(at: p, expected: "a digit after '.'") }
            let fractionStart = p
            repeat {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                p &+= 1
                digit = bytes[p] &- UInt8(ascii: "0")
            } while digit < 10
            fractionDigits = p &- fractionStart
            c = bytes[p]
        }
        var exponent = 0
        if c | 0x20 == UInt8(ascii: "e") {
            p &+= 1
            c = bytes[p]
            let exponentNegative = c == UInt8(ascii: "-")
            if exponentNegative || c == UInt8(ascii: "+") { p &+= 1 }
            digit = bytes[p] &- UInt8(ascii: "0")
            guard digit < 10 else { throw invalidNumber(at: p, expected: "a digit in the exponent") }
            repeat {
                if exponent < 1_000_000 { exponent = exponent &* 10 &+ Int(digit) }
                p &+= 1
                digit = bytes[p] &- UInt8(ascii: "0")
            } while digit < 10
            if exponentNegative { exponent = -exponent }
        }
        position = p
        // Clinger's fast path: an exact mantissa below 2^53 times an exact power of ten
        // rounds once, correctly.
        let power = exponent &- fractionDigits
        if integerDigits &+ fractionDigits <= 19, mantissa <= 1 << 53, power >= -22, power <= 22 {
            var value = Double(mantissa)
            if power < 0 { value /= Self.powerOfTen(-power) } else { value *= Self.powerOfTen(power) }
            return .double(negative ? -value : value)
        }
        return try slowDouble(from: start, to: p)
    }

    /// 10^n for 0 ≤ n ≤ 22, exactly.
    @inline(__always)
    static func powerOfTen(_ n: Int) -> Double {
        var value = 1.0
        var base = 10.0
        var n = n
        while n > 0 {
            if n & 1 == 1 { value *= base }
            base *= base
            n &>>= 1
        }
        return value
    }

    /// Decodes a validated literal the fast path cannot, with the standard library's
    /// correctly rounded conversion.
    @inline(never)
    func slowDouble(from start: Int, to end: Int) throws(JSONReadError) -> JSONNumber {
        let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error(.numberOutOfRange, at: start, expected: "a number within Double's range", found: text)
        }
        return .double(value)
    }

    @inline(never)
    func invalidNumber(at p: Int, expected: String) -> JSONReadError {
        let c = bytes[p]
        if c == UInt8(ascii: "I") {
            return error(.nonFiniteNumber, at: p &- 1, expected: "a finite number", found: "'-I'")
        }
        return error(.invalidNumber, at: p, expected: expected, found: describe(c, at: p))
    }
}
