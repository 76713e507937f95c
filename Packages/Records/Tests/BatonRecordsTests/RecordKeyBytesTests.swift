import Testing
@testable import BatonRecords

/// Keys compare, order and hash as UTF-8 bytes, as the image's SQLite does.
@Suite struct RecordKeyBytesTests {
    /// Keys of every length from 0 to 40 bytes, differing from a base key in one byte.
    private static func variants(length: Int) -> [String] {
        let base = String(repeating: "a", count: length)
        return [base]
            + (0..<length).map { i in
                String(base.prefix(i)) + "b" + String(base.dropFirst(i + 1))
            }
    }

    @Test func keysDifferingInAnyOneByteAreDifferentKeysWhateverTheLength() {
        for length in 0...40 {
            let texts = Self.variants(length: length)
            let keys = texts.map { RecordKey($0) }
            #expect(Set(keys).count == texts.count, "length \(length)")
            for (i, key) in keys.enumerated() {
                // The same text built another way (a heap copy, not a small string) is the same key.
                let copy = RecordKey(String(decoding: Array(texts[i].utf8), as: UTF8.self) + "")
                #expect(key == copy && key.hashValue == copy.hashValue)
            }
        }
    }

    @Test func aLongKeyBuiltPieceByPieceIsTheSameKeyAsItsLiteral() {
        let built = RecordKey.root.child("characters(page:1)").child("results", index: 12)
        let literal = RecordKey("client:root:characters(page:1):results:12")
        #expect(built == literal)
        let table: [RecordKey: Int] = [literal: 1]
        #expect(table[built] == 1)
    }

    @Test func textsThatAreCanonicallyEquivalentButSpelledDifferentlyAreDifferentKeys() {
        let composed = RecordKey("Place:caf\u{E9}")
        let decomposed = RecordKey("Place:cafe\u{301}")
        #expect("caf\u{E9}" == "cafe\u{301}")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect((composed < decomposed) != (decomposed < composed))
    }

    @Test func keysSortAsTheirBytesDo() {
        let texts = [
            "Character:10", "Character:1", "Character:2", "Episode:1", "client:root", "Character:", "", "Z", "\u{E9}",
            "e",
        ]
        let sorted = texts.map { RecordKey($0) }.sorted().map(\.rawValue)
        let bytewise = texts.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(sorted == bytewise)
    }
}
