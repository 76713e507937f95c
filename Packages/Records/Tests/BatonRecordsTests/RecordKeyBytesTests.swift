import Testing
@_spi(Baton) @testable import BatonRecords

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

    /// Two small strings are told apart by their words alone; a short text held in a heap
    /// buffer is not a small string, and is compared by its bytes.
    @Test func aShortKeyHeldInAHeapBufferIsTheSameKeyAsItsSmallLiteral() {
        for text in ["Note:1", "Character:12345", "Place:caf\u{E9}", "", "\u{1F600}:1"] {
            var held = String()
            held.reserveCapacity(64)
            held.append(contentsOf: text)
            let small = RecordKey(text)
            let heap = RecordKey(held)
            #expect(Self.isSmall(small.rawValue) && !Self.isSmall(heap.rawValue), "\(text)")
            #expect(small == heap && heap == small, "\(text)")
            #expect(small.hashValue == heap.hashValue, "\(text)")
        }
        #expect(RecordKey("Place:caf\u{E9}") != RecordKey("Place:cafe"))
        #expect(RecordKey("Note:1") != RecordKey("Note:2"))
    }

    private static func isSmall(_ text: String) -> Bool {
        unsafeBitCast(text, to: (UInt64, UInt64).self).1 & RecordKey.smallStringBit != 0
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

    /// A key short enough to be a small string hashes from its two words: the same hash as of
    /// its bytes, and as of the same text held on the heap, at every length and for bytes
    /// beyond ASCII.
    @Test func aSmallKeyHashesFromItsWordsAsItsBytesDo() {
        let seed: UInt64 = 0x0123_4567_89AB_CDEF
        let pieces = ["a", "Z", "\u{E9}", "\u{1F600}", ":", "9"]
        var texts: [String] = [""]
        for length in 1...15 {
            for piece in pieces {
                var text = ""
                while text.utf8.count + piece.utf8.count <= length { text += piece }
                while text.utf8.count < length { text += "b" }
                texts.append(text)
            }
            texts += Self.variants(length: length)
        }
        var small = 0
        for text in texts {
            let key = RecordKey(text)
            let bytes = Array(text.utf8)
            let ofBytes = bytes.withUnsafeBytes { RecordKey.hash($0, seed: seed) }
            let isSmall = unsafeBitCast(text, to: (UInt64, UInt64).self).1 & RecordKey.smallStringBit != 0
            if isSmall { small += 1 }
            #expect(key.bytesHash(seed: seed) == ofBytes, "\(bytes)")
            // The same text on the heap: not a small string, the same key and hash.
            var heap = String()
            heap.reserveCapacity(64)
            heap += text
            #expect(unsafeBitCast(heap, to: (UInt64, UInt64).self).1 & RecordKey.smallStringBit == 0)
            #expect(RecordKey(heap).bytesHash(seed: seed) == ofBytes && RecordKey(heap) == key)
            #expect(RecordKey(heap).hashValue == key.hashValue)
        }
        #expect(small == texts.count, "every text of up to 15 bytes built here is a small string")
    }
}
