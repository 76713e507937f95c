import BatonNormalize
import BatonRecords
import Testing

/// Helpers shared by the JSON test files.
enum JSONTestSupport {
    /// The error `JSONValue.parse` throws for `bytes`, or nil if it parses.
    static func parseError(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONReadError? {
        do {
            _ = try JSONValue.parse(bytes, maxDepth: maxDepth)
            return nil
        } catch {
            return error
        }
    }

    static func parseError(_ text: String, maxDepth: Int = 512) -> JSONReadError? {
        parseError(Array(text.utf8), maxDepth: maxDepth)
    }

    /// The error `skipValue()` + `finish()` throw for `bytes`, or nil.
    static func skipError(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONReadError? {
        var reader = JSONReader(bytes, maxDepth: maxDepth)
        do {
            try reader.skipValue()
            try reader.finish()
            return nil
        } catch {
            return error
        }
    }

    static func number(_ text: String) throws -> JSONNumber {
        var reader = JSONReader(text.utf8)
        let number = try reader.readNumber()
        try reader.finish()
        return number
    }

    static func string(_ json: String) throws -> String {
        var reader = JSONReader(json.utf8)
        let string = try reader.readString()
        try reader.finish()
        return string
    }
}

// MARK: Pulling structure

@Test func pullReaderWalksNestedObjectsAndArraysInOrder() throws {
    var reader = JSONReader(#" { "a" : [1, {"b": true}, []], "c": {}, "d": null } "#.utf8)
    #expect(try reader.peekKind() == .object)
    try reader.beginObject()
    let a = try #require(try reader.nextKey())
    #expect(a.string == "a")
    #expect(try reader.peekKind() == .array)
    try reader.beginArray()
    #expect(try reader.nextElement())
    #expect(try reader.readNumber() == .int(1))
    #expect(try reader.nextElement())
    try reader.beginObject()
    #expect(try reader.nextKey()?.string == "b")
    #expect(try reader.readBool() == true)
    #expect(try reader.nextKey() == nil)
    #expect(try reader.nextElement())
    try reader.beginArray()
    #expect(try reader.nextElement() == false)
    #expect(try reader.nextElement() == false)
    #expect(try reader.nextKey()?.string == "c")
    try reader.beginObject()
    #expect(try reader.nextKey() == nil)
    #expect(try reader.nextKey()?.string == "d")
    #expect(try reader.peekKind() == .null)
    try reader.readNull()
    #expect(try reader.nextKey() == nil)
    #expect(reader.depth == 0)
    try reader.finish()
}

@Test func peekKindReportsEveryKindWithoutConsuming() throws {
    let cases: [(String, JSONKind)] = [
        ("{}", .object), ("[]", .array), ("\"s\"", .string), ("-1", .number), ("7", .number),
        ("true", .bool), ("false", .bool), ("null", .null),
    ]
    for (text, kind) in cases {
        var reader = JSONReader(text.utf8)
        #expect(try reader.peekKind() == kind, "\(text)")
        #expect(try reader.peekKind() == kind, "peeking twice: \(text)")
        try reader.skipValue()
        try reader.finish()
    }
}

@Test func readingTheWrongKindThrowsTypeMismatchNamingBoth() {
    var reader = JSONReader("  42".utf8)
    #expect {
        _ = try reader.readString()
    } throws: { error in
        let error = error as! JSONReadError
        return error.kind == .typeMismatch && error.offset == 2 && error.expected == "a string"
            && error.found == "a number"
    }
}

@Test func tryNullConsumesOnlyNull() throws {
    var reader = JSONReader("[null, 3]".utf8)
    try reader.beginArray()
    #expect(try reader.nextElement())
    #expect(try reader.tryNull())
    #expect(try reader.nextElement())
    #expect(try reader.tryNull() == false)
    #expect(try reader.readInt() == 3)
    #expect(try reader.nextElement() == false)
    try reader.finish()
}

@Test func skipValueSkipsWholeSubtreesAndLeavesTheReaderAfterThem() throws {
    var reader = JSONReader(#"{"skip": {"x": [1, "a\"]", {"y": null}], "z": -2.5e3}, "keep": "v"}"#.utf8)
    try reader.beginObject()
    #expect(try reader.nextKey()?.equals("skip") == true)
    try reader.skipValue()
    #expect(try reader.nextKey()?.equals("keep") == true)
    #expect(try reader.readString() == "v")
    #expect(try reader.nextKey() == nil)
    try reader.finish()
}

@Test func readValueReadsOneSubtreeInTheMiddleOfAPull() throws {
    var reader = JSONReader(#"{"scalar": {"b": [1, 2.5, "x", null, false], "a": {}}, "next": 1}"#.utf8)
    try reader.beginObject()
    _ = try reader.nextKey()
    let value = try reader.readValue()
    #expect(value == ["b": [1, 2.5, "x", nil, false], "a": [:]] as JSONValue)
    #expect(try reader.nextKey()?.string == "next")
    #expect(try reader.readInt() == 1)
    #expect(try reader.nextKey() == nil)
    try reader.finish()
}

@Test func currentOffsetTracksConsumedBytes() throws {
    var reader = JSONReader(#"{"ab": 12}"#.utf8)
    #expect(reader.currentOffset == 0)
    try reader.beginObject()
    #expect(reader.currentOffset == 1)
    let key = try #require(try reader.nextKey())
    #expect(key.offset == 1)
    #expect(reader.currentOffset == 6)
    _ = try reader.readInt()
    #expect(reader.currentOffset == 9)
}

// MARK: Keys

@Test func keysCompareWithoutDecodingAndDecodeEscapesWhenAsked() throws {
    var reader = JSONReader(#"{"plain": 1, "t\u0061b\n": 2}"#.utf8)
    try reader.beginObject()
    let plain = try #require(try reader.nextKey())
    #expect(!plain.hasEscapes)
    #expect(plain.equals("plain"))
    #expect(!plain.equals("plai"))
    #expect(!plain.equals("plainer"))
    #expect(plain.equals(String("plain")))
    #expect(Array(plain.utf8) == Array("plain".utf8))
    _ = try reader.readInt()
    let escaped = try #require(try reader.nextKey())
    #expect(escaped.hasEscapes)
    #expect(escaped.string == "tab\n")
    #expect(escaped.equals("tab\n"))
    #expect(!escaped.equals("t\\u0061b\\n"))
}

// MARK: Strings

@Test func stringsDecodeEveryEscape() throws {
    #expect(try JSONTestSupport.string(#""\" \\ \/ \b \f \n \r \t""#) == "\" \\ / \u{08} \u{0C} \n \r \t")
    #expect(try JSONTestSupport.string(#""\u0041\u00e9\u20AC\u0000""#) == "Aé€\u{0}")
}

@Test func surrogatePairEscapesDecodeToOneScalar() throws {
    #expect(try JSONTestSupport.string(#""\uD83D\uDE00 x \ud834\udd1e""#) == "😀 x 𝄞")
}

@Test func multiByteUTF8PassesThroughUnchanged() throws {
    let text = "é ü € 中文 😀 \u{10FFFF} and a long ascii tail to cross word boundaries"
    #expect(try JSONTestSupport.string("\"\(text)\"") == text)
    #expect(try JSONTestSupport.string("\"\(text)\\n\(text)\"") == text + "\n" + text)
}

@Test func stringsOfEveryLengthAroundTheWordSizeScanCorrectly() throws {
    for length in 0..<40 {
        let body = String(repeating: "a", count: length)
        #expect(try JSONTestSupport.string("\"\(body)\"") == body)
        #expect(try JSONTestSupport.string("\"\(body)\\\"\"") == body + "\"")
        #expect(try JSONTestSupport.string("\"\(body)é\"") == body + "é")
    }
}

@Test func rawStringAccessGivesTheBytesBetweenTheQuotes() throws {
    var reader = JSONReader(#"["abc", "a\nb"]"#.utf8)
    try reader.beginArray()
    _ = try reader.nextElement()
    let plain = try reader.withRawString { raw, escaped in (Array(raw), escaped) }
    #expect(plain.0 == Array("abc".utf8) && plain.1 == false)
    _ = try reader.nextElement()
    let escaped = try reader.withRawString { raw, escaped in (Array(raw), escaped) }
    #expect(escaped.0 == Array(#"a\nb"#.utf8) && escaped.1 == true)
}

// MARK: Numbers

@Test func integersThatFitIntAreInts() throws {
    #expect(try JSONTestSupport.number("0") == .int(0))
    #expect(try JSONTestSupport.number("7") == .int(7))
    #expect(try JSONTestSupport.number("-42") == .int(-42))
    #expect(try JSONTestSupport.number("9223372036854775807") == .int(Int.max))
    #expect(try JSONTestSupport.number("-9223372036854775808") == .int(Int.min))
    #expect(try JSONTestSupport.number("123456789012345678") == .int(123_456_789_012_345_678))
}

@Test func integersBeyondIntBecomeDoubles() throws {
    #expect(try JSONTestSupport.number("9223372036854775808") == .double(9_223_372_036_854_775_808.0))
    #expect(try JSONTestSupport.number("-9223372036854775809") == .double(-9_223_372_036_854_775_809.0))
    #expect(try JSONTestSupport.number("18446744073709551616") == .double(18_446_744_073_709_551_616.0))
    #expect(try JSONTestSupport.number("123456789012345678901234567890") == .double(1.2345678901234568e29))
}

@Test func negativeZeroKeepsItsSignAsADouble() throws {
    let number = try JSONTestSupport.number("-0")
    guard case .double(let d) = number else {
        Issue.record("expected a double, got \(number)")
        return
    }
    #expect(d == 0 && d.sign == .minus)
    #expect(number.intValue == 0)
}

@Test func fractionsAndExponentsAreDoubles() throws {
    #expect(try JSONTestSupport.number("1.5") == .double(1.5))
    #expect(try JSONTestSupport.number("-0.25") == .double(-0.25))
    #expect(try JSONTestSupport.number("1e3") == .double(1000))
    #expect(try JSONTestSupport.number("1E+3") == .double(1000))
    #expect(try JSONTestSupport.number("25e-1") == .double(2.5))
    #expect(try JSONTestSupport.number("0.0") == .double(0))
    #expect(try JSONTestSupport.number("1e-400") == .double(0))
    #expect(try JSONTestSupport.number("0e99999999999") == .double(0))
}

@Test func doublesAreCorrectlyRounded() throws {
    let hard = [
        "0.1", "0.2", "0.3", "1e23", "8.98846567431158e307", "1.7976931348623157e308", "2.2250738585072011e-308",
        "2.2250738585072014e-308", "4.9406564584124654e-324", "5e-324", "9007199254740993", "9007199254740993.0",
        "3.14159265358979323846264338327950288", "1.00000000000000011102230246251565404236316680908203125",
        "7.038531e-26", "0.500000000000000166533453693773481063544750213623046875", "123456789012345678e-10",
        "1448997445238699", "2.4703282292062327e-324", "1e22", "1e-22", "9007199254740992e22",
    ]
    for text in hard {
        #expect(try JSONTestSupport.number(text).doubleValue == Double(text)!, "\(text)")
    }
    // Random literals with 1 to 20 significant digits and wide exponents, against the
    // standard library's correctly rounded conversion.
    var state: UInt64 = 0x1234_5678_9ABC_DEF0
    func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 11
    }
    for _ in 0..<3000 {
        let digits = Int(next() % 20) + 1
        var mantissa = String(next() % 9 + 1)
        for _ in 1..<digits { mantissa += String(next() % 10) }
        let point = Int(next() % UInt64(digits + 1))
        let text: String
        if point == digits {
            text = mantissa + "e" + String(Int(next() % 60) - 30)
        } else {
            let split = mantissa.index(mantissa.startIndex, offsetBy: point)
            let integer = point == 0 ? "0" : String(mantissa[..<split])
            text = integer + "." + mantissa[split...] + (next() % 2 == 0 ? "" : "e" + String(Int(next() % 580) - 290))
        }
        #expect(try JSONTestSupport.number(text).doubleValue == Double(text)!, "\(text)")
    }
}

@Test func readIntAcceptsIntegralNumbersAndRejectsOthers() throws {
    var reader = JSONReader("[3, 3.0, 1e3, 3.5, 1e30]".utf8)
    try reader.beginArray()
    _ = try reader.nextElement()
    #expect(try reader.readInt() == 3)
    _ = try reader.nextElement()
    #expect(try reader.readInt() == 3)
    _ = try reader.nextElement()
    #expect(try reader.readInt() == 1000)
    _ = try reader.nextElement()
    #expect(throws: JSONReadError.self) { try reader.readInt() }
    var big = JSONReader("1e30".utf8)
    #expect {
        _ = try big.readInt()
    } throws: { error in
        (error as? JSONReadError)?.kind == .numberNotInteger && (error as? JSONReadError)?.offset == 0
    }
}

@Test func readDoubleWidensInts() throws {
    var reader = JSONReader("[2, -0.5]".utf8)
    try reader.beginArray()
    _ = try reader.nextElement()
    #expect(try reader.readDouble() == 2)
    _ = try reader.nextElement()
    #expect(try reader.readDouble() == -0.5)
}
