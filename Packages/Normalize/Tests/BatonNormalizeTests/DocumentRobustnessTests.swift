import BatonNormalize
import Testing

/// SplitMix64: a small deterministic generator, so a failing mutation can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct DocumentRobustnessTests {
    static let interestingBytes =
        Array("{}()[]\"\\.$@!:=|&,#\n\r\t 0-9eE.uU{x}abcon".utf8) + [0x00, 0xC3, 0xA9, 0xEF, 0xBB, 0xBF, 0xF0]

    @Test func mutatedKitchenSinksParseOrThrowWithoutCrashing() {
        let original = Array(KitchenSink.text.utf8)
        var random = SplitMix64(state: 2021)
        var parsed = 0
        var failed = 0
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
                case 1:
                    bytes.insert(Self.interestingBytes.randomElement(using: &random)!, at: at)
                default:
                    let end = min(bytes.count, at + Int.random(in: 1...64, using: &random))
                    bytes.insert(contentsOf: bytes[at..<end], at: at)
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            do {
                let document = try Document.parse(String(decoding: bytes, as: UTF8.self))
                _ = try Document.parse(document.compactText)
                parsed += 1
            } catch {
                #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty)
                failed += 1
            }
        }
        #expect(parsed > 100)
        #expect(failed > 100)
    }

    @Test func deepNestingIsASyntaxErrorNotAStackOverflow() {
        let deepSelections = "{" + String(repeating: "a{", count: 100_000)
        #expect(
            throws: GraphQLSyntaxError(
                line: 1, column: 513, message: "Nesting is deeper than the limit of 256 levels"
            )
        ) {
            try Document.parse(deepSelections)
        }
        let deepList = "{ f(a: " + String(repeating: "[", count: 100_000) + ") }"
        #expect(throws: GraphQLSyntaxError.self) { try Document.parse(deepList) }
        let deepObject = "{ f(a: " + String(repeating: "{a:", count: 100_000) + ") }"
        #expect(throws: GraphQLSyntaxError.self) { try Document.parse(deepObject) }
        let deepType = "query Q($a: " + String(repeating: "[", count: 100_000) + ") { f }"
        #expect(throws: GraphQLSyntaxError.self) { try Document.parse(deepType) }
        let deepSchema = "type Q { f(a: [Int] = " + String(repeating: "[", count: 100_000) + "): Int }"
        #expect(throws: GraphQLSyntaxError.self) { try GraphQLSchema.parse(sdl: deepSchema) }
        let deepSpreads = "{" + String(repeating: "...{", count: 100_000)
        #expect(throws: GraphQLSyntaxError.self) { try Document.parse(deepSpreads) }
    }

    @Test func nestingUpToTheLimitParses() throws {
        let depth = 256
        let selections = String(repeating: "a{", count: depth - 1) + "b" + String(repeating: "}", count: depth - 1)
        let document = try Document.parse("{" + selections + "}")
        var level = 1
        var current = document.operations[0].selectionSet
        while case .field(let field) = current[0], let children = field.selectionSet {
            current = children
            level += 1
        }
        #expect(level == depth)
        let lists = depth - 2
        let list = String(repeating: "[", count: lists) + "1" + String(repeating: "]", count: lists)
        #expect(try Document.parse("{ f(a: \(list)) }").compactText == "{f(a:\(list))}")
        #expect(
            throws: GraphQLSyntaxError(
                line: 1, column: 8 + lists, message: "Nesting is deeper than the limit of 256 levels")
        ) {
            try Document.parse("{ f(a: [\(list)]) }")
        }
    }
}
