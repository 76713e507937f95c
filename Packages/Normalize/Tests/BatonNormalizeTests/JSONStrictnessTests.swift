import BatonNormalize
import BatonRecords
import Testing

/// One malformed input and the error it must give: kind and byte offset.
struct JSONRejection: CustomTestStringConvertible, Sendable {
    let bytes: [UInt8]
    let kind: JSONReadError.Kind
    let offset: Int

    init(_ text: String, _ kind: JSONReadError.Kind, at offset: Int) {
        self.init(bytes: Array(text.utf8), kind, at: offset)
    }

    init(bytes: [UInt8], _ kind: JSONReadError.Kind, at offset: Int) {
        self.bytes = bytes
        self.kind = kind
        self.offset = offset
    }

    var testDescription: String { String(decoding: bytes, as: UTF8.self).debugDescription }
}

let grammarRejections: [JSONRejection] = [
    // Numbers.
    JSONRejection("01", .invalidNumber, at: 0),
    JSONRejection("-01", .invalidNumber, at: 1),
    JSONRejection("-", .invalidNumber, at: 1),
    JSONRejection("[-]", .invalidNumber, at: 2),
    JSONRejection("1.", .invalidNumber, at: 2),
    JSONRejection("[1.]", .invalidNumber, at: 3),
    JSONRejection(".5", .invalidNumber, at: 0),
    JSONRejection("+1", .invalidNumber, at: 0),
    JSONRejection("1e", .invalidNumber, at: 2),
    JSONRejection("1e+", .invalidNumber, at: 3),
    JSONRejection("1.e5", .invalidNumber, at: 2),
    JSONRejection("NaN", .nonFiniteNumber, at: 0),
    JSONRejection("[Infinity]", .nonFiniteNumber, at: 1),
    JSONRejection("-Infinity", .nonFiniteNumber, at: 0),
    JSONRejection("1e400", .numberOutOfRange, at: 0),
    JSONRejection("[-2.5e309]", .numberOutOfRange, at: 1),
    // Literals.
    JSONRejection("trux", .invalidLiteral, at: 0),
    JSONRejection("[fals]", .invalidLiteral, at: 1),
    JSONRejection("nul", .unexpectedEnd, at: 3),
    JSONRejection("True", .unexpectedByte, at: 0),
    // Containers and separators.
    JSONRejection("[1,]", .trailingComma, at: 3),
    JSONRejection(#"{"a":1,}"#, .trailingComma, at: 7),
    JSONRejection("[1, ]", .trailingComma, at: 4),
    JSONRejection("[1", .unexpectedEnd, at: 2),
    JSONRejection("[1,", .unexpectedEnd, at: 3),
    JSONRejection(#"{"a":1"#, .unexpectedEnd, at: 6),
    JSONRejection(#"{"a""#, .unexpectedEnd, at: 4),
    JSONRejection(#"{"a":"#, .unexpectedEnd, at: 5),
    JSONRejection("{", .unexpectedEnd, at: 1),
    JSONRejection("", .unexpectedEnd, at: 0),
    JSONRejection("  \n ", .unexpectedEnd, at: 4),
    JSONRejection(#"{"a" 1}"#, .unexpectedByte, at: 5),
    JSONRejection("{1:2}", .unexpectedByte, at: 1),
    JSONRejection("[1 2]", .unexpectedByte, at: 3),
    JSONRejection(#"{"a":1 "b":2}"#, .unexpectedByte, at: 7),
    JSONRejection("[}", .unexpectedByte, at: 1),
    JSONRejection("{]", .unexpectedByte, at: 1),
    JSONRejection("[1}", .unexpectedByte, at: 2),
    JSONRejection("[,1]", .unexpectedByte, at: 1),
    JSONRejection("\u{FEFF}1", .unexpectedByte, at: 0),
    JSONRejection(bytes: [0x5B, 0xC3, 0xA9, 0x5D], .unexpectedByte, at: 1),
    // Trailing data.
    JSONRejection("[1] x", .trailingData, at: 4),
    JSONRejection("1 2", .trailingData, at: 2),
    JSONRejection("{}}", .trailingData, at: 2),
    JSONRejection(bytes: [0x31, 0x00], .trailingData, at: 1),
    // Strings.
    JSONRejection(#""abc"#, .unexpectedEnd, at: 4),
    JSONRejection(#"["abc\"]"#, .unexpectedEnd, at: 8),
    JSONRejection(#""a\x""#, .invalidEscape, at: 2),
    JSONRejection(#""\'""#, .invalidEscape, at: 1),
    JSONRejection(#""\u12G4""#, .invalidUnicodeEscape, at: 1),
    JSONRejection(#""\u12""#, .invalidUnicodeEscape, at: 1),
    JSONRejection(#""\uD800""#, .loneSurrogate, at: 1),
    JSONRejection(#""x\uDC00""#, .loneSurrogate, at: 2),
    JSONRejection(#""\uD800\u0041""#, .loneSurrogate, at: 1),
    JSONRejection(#""\uD800\uD800""#, .loneSurrogate, at: 1),
    JSONRejection(#""\uD800\n""#, .loneSurrogate, at: 1),
    JSONRejection(bytes: [0x22, 0x61, 0x01, 0x22], .controlCharacterInString, at: 2),
    JSONRejection("\"a\tb\"", .controlCharacterInString, at: 2),
    JSONRejection("\"a\nb\"", .controlCharacterInString, at: 2),
    JSONRejection(bytes: [0x22, 0x00, 0x22], .controlCharacterInString, at: 1),
]

let utf8Rejections: [JSONRejection] = [
    JSONRejection(bytes: [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, at: 1),  // overlong '/'
    JSONRejection(bytes: [0x22, 0xC1, 0xBF, 0x22], .invalidUTF8, at: 1),  // overlong
    JSONRejection(bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8, at: 1),  // overlong, 3 bytes
    JSONRejection(bytes: [0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], .invalidUTF8, at: 1),  // overlong, 4 bytes
    JSONRejection(bytes: [0x22, 0xC3, 0x22], .invalidUTF8, at: 1),  // truncated before the quote
    JSONRejection(bytes: [0x22, 0x61, 0xE2, 0x82, 0x22], .invalidUTF8, at: 2),  // truncated 3-byte
    JSONRejection(bytes: [0x22, 0xF0, 0x9F, 0x98, 0x22], .invalidUTF8, at: 1),  // truncated 4-byte
    JSONRejection(bytes: [0x22, 0xC3], .unexpectedEnd, at: 2),  // truncated by the end of input
    JSONRejection(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, at: 1),  // U+D800 encoded
    JSONRejection(bytes: [0x22, 0xED, 0xBF, 0xBF, 0x22], .invalidUTF8, at: 1),  // U+DFFF encoded
    JSONRejection(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),  // above U+10FFFF
    JSONRejection(bytes: [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),
    JSONRejection(bytes: [0x22, 0x80, 0x22], .invalidUTF8, at: 1),  // lone continuation
    JSONRejection(bytes: [0x22, 0x61, 0x62, 0xFF, 0x22], .invalidUTF8, at: 3),
    JSONRejection(bytes: [0x22, 0xC3, 0xA9, 0xC3, 0x28, 0x22], .invalidUTF8, at: 3),  // bad continuation
    JSONRejection(bytes: Array(#"{""#.utf8) + [0xFE] + Array(#"":1}"#.utf8), .invalidUTF8, at: 2),  // in a key
]

@Test(arguments: grammarRejections + utf8Rejections)
func malformedInputIsRejectedWithItsKindAndOffset(_ rejection: JSONRejection) throws {
    let error = try #require(JSONTestSupport.parseError(rejection.bytes))
    #expect(error.kind == rejection.kind, "\(error)")
    #expect(error.offset == rejection.offset, "\(error)")
}

@Test(arguments: grammarRejections + utf8Rejections)
func skippingRejectsWhatParsingRejects(_ rejection: JSONRejection) throws {
    let error = try #require(JSONTestSupport.skipError(rejection.bytes))
    #expect(error.kind == rejection.kind, "\(error)")
    #expect(error.offset == rejection.offset, "\(error)")
}

@Test func wellFormedUTF8AtEverySequenceBoundaryIsAccepted() throws {
    let scalars: [Unicode.Scalar] = [
        "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{10000}",
        "\u{10FFFF}",
    ]
    for scalar in scalars {
        let text = String(scalar)
        #expect(try JSONValue.parse("\"\(text)\"") == .string(text), "U+\(String(scalar.value, radix: 16))")
    }
}

@Test func tenThousandNestedArraysThrowTheDepthLimitInsteadOfOverflowingTheStack() throws {
    let deep = [UInt8](repeating: UInt8(ascii: "["), count: 10_000)
    let error = try #require(JSONTestSupport.parseError(deep))
    #expect(error.kind == .depthLimitExceeded)
    #expect(error.offset == 512)
    let skipError = try #require(JSONTestSupport.skipError(deep))
    #expect(skipError.kind == .depthLimitExceeded)
    let objects = [UInt8](String(repeating: #"{"a":"#, count: 10_000).utf8)
    #expect(JSONTestSupport.parseError(objects)?.kind == .depthLimitExceeded)
}

@Test func depthLimitIsConfigurable() throws {
    #expect(JSONTestSupport.parseError("[[[1]]]", maxDepth: 3) == nil)
    let error = try #require(JSONTestSupport.parseError("[[[[1]]]]", maxDepth: 3))
    #expect(error.kind == .depthLimitExceeded && error.offset == 3)
    #expect(JSONTestSupport.parseError("1", maxDepth: 0) == nil)
    #expect(JSONTestSupport.parseError("[]", maxDepth: 0)?.kind == .depthLimitExceeded)
}

@Test func anUnboundedDepthLimitIsBoundedByTheTextLength() throws {
    #expect(JSONTestSupport.parseError("[[{\"a\":[]}]]", maxDepth: Int.max) == nil)
    #expect(JSONTestSupport.skipError(Array("[[[[[[[[[[1]]]]]]]]]]".utf8), maxDepth: Int.max) == nil)
}

@Test func tenThousandNestedContainersAreFineUnderAHigherLimitWithoutRecursion() throws {
    let deep =
        [UInt8](repeating: UInt8(ascii: "["), count: 10_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 10_000)
    #expect(JSONTestSupport.skipError(deep, maxDepth: 10_000) == nil)
    #expect(JSONTestSupport.skipError(deep, maxDepth: 9_999)?.kind == .depthLimitExceeded)
}

@Test func parseErrorsCarryLineAndColumn() throws {
    let error = try #require(JSONTestSupport.parseError("{\n  \"a\": trux\n}"))
    #expect(error.kind == .invalidLiteral)
    #expect(error.offset == 9)
    #expect(error.line == 2)
    #expect(error.column == 8)
    #expect(error.description.contains("line 2, column 8"))
    #expect(error.description.contains("expected 'true'"))
}

@Test func readerErrorsAreLocatedOnRequest() throws {
    var reader = JSONReader("[1,\n 2,\n x]".utf8)
    do {
        try reader.skipValue()
        Issue.record("expected an error")
    } catch {
        #expect(error.line == nil)
        let located = reader.locating(error)
        #expect(located.offset == 9)
        #expect(located.line == 3 && located.column == 2)
    }
}

@Test func finishRejectsAnUnfinishedDocument() throws {
    var reader = JSONReader("[1, 2]".utf8)
    try reader.beginArray()
    #expect(try reader.nextElement())
    _ = try reader.readInt()
    #expect(throws: JSONReadError.self) { try reader.finish() }
}

/// Random mutations of a small document must only ever parse or throw; when one parses,
/// its text must parse back to the same value, and skipping must agree with parsing.
@Test func randomMutationsOnlyParseOrThrow() throws {
    let seed = Array(
        (#"{"data":{"hero":{"id":"1","name":"Luke \"S\" \u00e9 😀","height":1.72,"mass":-77e0,"#
            + #""friends":[{"id":"2"},null,true,false,[]],"tags":{},"n":12345678901234567890}}}"#).utf8)
    let interesting: [UInt8] =
        Array(#"{}[]",:\-+.0123456789eEtrufalsn u"#.utf8) + [
            0x00, 0x0A, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xED, 0xF0, 0xF4, 0xFF,
        ]
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    var parsed = 0
    for _ in 0..<2_000 {
        var bytes = seed
        for _ in 0...next(3) {
            let at = next(bytes.count)
            switch next(4) {
            case 0: bytes[at] = interesting[next(interesting.count)]
            case 1: bytes.insert(interesting[next(interesting.count)], at: at)
            case 2: bytes.remove(at: at)
            default: bytes[at] = UInt8(truncatingIfNeeded: next(256))
            }
        }
        let parseError = JSONTestSupport.parseError(bytes)
        #expect(parseError == nil || parseError!.offset <= bytes.count)
        #expect(JSONTestSupport.skipError(bytes)?.kind == parseError?.kind)
        if parseError == nil {
            parsed += 1
            let value = try JSONValue.parse(bytes)
            #expect(try JSONValue.parse(value.jsonText()) == value)
        }
    }
    #expect(parsed > 0)
}
