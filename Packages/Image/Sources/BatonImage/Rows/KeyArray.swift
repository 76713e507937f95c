import BatonRecords

/// Keys as one JSON array of strings, in UTF-8: how a level of the check, and the writer's
/// touch, hand their keys to SQLite's `json_each`.
enum KeyArray {
    /// The texts of `keys`.
    static func json(_ keys: [RecordKey]) -> [UInt8] {
        json(keys) { $0.rawValue }
    }

    /// The texts `text` gives for `items`.
    @inline(__always)
    static func json<Items: Collection>(_ items: Items, text: (Items.Element) -> String) -> [UInt8] {
        // Room for every byte escaped as \u00XX, the quotes, the commas and the brackets.
        var capacity = 2
        for item in items { capacity += text(item).utf8.count * 6 + 3 }
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, written in
            let out = buffer.baseAddress!
            var n = 0
            out[n] = UInt8(ascii: "[")
            n += 1
            for item in items {
                if n > 1 {
                    out[n] = UInt8(ascii: ",")
                    n += 1
                }
                out[n] = UInt8(ascii: "\"")
                n += 1
                var key = text(item)
                key.withUTF8 { utf8 in
                    guard let base = utf8.baseAddress else { return }
                    if !needsEscape(utf8) {
                        (out + n).update(from: base, count: utf8.count)
                        n += utf8.count
                        return
                    }
                    for byte in utf8 {
                        if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                            out[n] = byte
                            n += 1
                        } else {
                            n = escape(byte, into: out, at: n)
                        }
                    }
                }
                out[n] = UInt8(ascii: "\"")
                n += 1
            }
            out[n] = UInt8(ascii: "]")
            written = n + 1
        }
    }

    /// Whether some byte is a control character, a quote or a backslash: 8 bytes at a time.
    @inline(__always)
    private static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(utf8)
        var i = 0
        while i + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if hasSpecial(word) { return true }
            i += 8
        }
        while i < raw.count {
            let byte = raw[i]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            i += 1
        }
        return false
    }

    /// Whether a byte of `word` is below 0x20, a quote or a backslash (the classic has-less
    /// and has-zero-byte word tests, both exact).
    @inline(__always)
    private static func hasSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func zeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & high != 0 }
        let below = (word &- ones &* 0x20) & ~word & high != 0
        return below || zeroByte(word ^ (ones &* 0x22)) || zeroByte(word ^ (ones &* 0x5C))
    }

    /// Writes `byte` of a string's UTF-8 as JSON escapes it inside quotes; the next position.
    private static func escape(_ byte: UInt8, into out: UnsafeMutablePointer<UInt8>, at start: Int) -> Int {
        let hex = Array("0123456789abcdef".utf8)
        let escaped: [UInt8] =
            byte < 0x20
            ? [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                hex[Int(byte & 0xF)],
            ]
            : [UInt8(ascii: "\\"), byte]
        for (i, byte) in escaped.enumerated() { out[start + i] = byte }
        return start + escaped.count
    }
}
