import Testing
@testable import BatonNormalize

/// `JSONReader.skipObject(_:sameAs:)`: an object whose text is an earlier object's byte for
/// byte is left with the reader just past its `}`; any other is not touched.
@Suite struct JSONReaderRepeatTests {
    struct NoText: Error {}

    /// Reads the array's first element, an object, to its end, then opens the second: the
    /// first's span and the second's, the reader among the second's members.
    static func twoObjects(_ reader: inout JSONReader) throws -> (first: ObjectSpan, second: ObjectSpan) {
        try reader.beginArray()
        _ = try reader.nextElement()
        try reader.beginObject()
        guard let opened = reader.openedObject() else { throw NoText() }
        while try reader.nextKey() != nil { try reader.skipValue() }
        let first = reader.closed(opened)
        _ = try reader.nextElement()
        try reader.beginObject()
        guard let second = reader.openedObject() else { throw NoText() }
        return (first, second)
    }

    @Test func aRepeatIsLeftWithTheReaderJustPastItsEnd() throws {
        var reader = JSONReader(Array(#"[{"a":[1,{"b":null}]} , {"a":[1,{"b":null}]},2]"#.utf8))
        let (first, second) = try Self.twoObjects(&reader)
        #expect(first.count == 20)
        let skipped = reader.skipObject(second, sameAs: first)
        let more = try reader.nextElement()
        let number = try reader.readNumber()
        let end = try !reader.nextElement()
        try reader.finish()
        #expect(skipped && more && end)
        #expect(number == .int(2))
    }

    /// Every length from a word short of two to past four, differing only in the last byte
    /// before the `}`: the masked last word tells them apart.
    @Test func anObjectDifferingInOneByteIsNotSkippedAtAnyLength() throws {
        for length in 10...40 {
            let text = String(repeating: "x", count: length)
            var reader = JSONReader(Array(#"[{"a":"\#(text)1"},{"a":"\#(text)2"}]"#.utf8))
            let (first, second) = try Self.twoObjects(&reader)
            let skipped = reader.skipObject(second, sameAs: first)
            let key = try reader.nextKey()?.string
            let value = try reader.readString()
            #expect(!skipped, "length \(length)")
            #expect(key == "a")
            #expect(value == text + "2")
        }
    }

    @Test func anObjectTheEarlierOneIsAPrefixOfIsNotSkipped() throws {
        var reader = JSONReader(Array(#"[{"a":1},{"a":12}]"#.utf8))
        let (first, second) = try Self.twoObjects(&reader)
        let skipped = reader.skipObject(second, sameAs: first)
        let key = try reader.nextKey()?.string
        let number = try reader.readNumber()
        #expect(!skipped)
        #expect(key == "a")
        #expect(number == .int(12))
    }
}
