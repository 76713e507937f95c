/// JSON text for a `JSONValue`: compact, with object members either as written or sorted
/// by name (the spelling storage keys and request bodies use).
extension JSONValue {
    /// Compact JSON text. With `sortedKeys`, object members are written in name order.
    public func jsonText(sortedKeys: Bool = false) -> String {
        String(decoding: jsonBytes(sortedKeys: sortedKeys), as: UTF8.self)
    }

    /// Compact JSON text in UTF-8, as ``jsonText(sortedKeys:)`` spells it.
    public func jsonBytes(sortedKeys: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, sortedKeys: sortedKeys)
        return out
    }

    /// Appends the compact JSON text to `out`.
    public func write(to out: inout String, sortedKeys: Bool) {
        out += jsonText(sortedKeys: sortedKeys)
    }

    /// Appends the compact JSON text in UTF-8 to `out`.
    public func write(to out: inout [UInt8], sortedKeys: Bool) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d):
            var text = ""
            JSONValue.writeNumber(d, to: &text)
            out.append(contentsOf: text.utf8)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out, sortedKeys: sortedKeys)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            let ordered = sortedKeys ? members.sorted { $0.0 < $1.0 } : members
            for (i, (name, value)) in ordered.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(name, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out, sortedKeys: sortedKeys)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A double as JavaScript's `JSON.stringify` writes it: integral values without a fraction.
    public static func writeNumber(_ d: Double, to out: inout String) {
        if !d.isFinite {
            out += "null"
        } else if d == d.rounded(), abs(d) < 1e15 {
            out += String(Int(d))
        } else {
            out += "\(d)"
        }
    }

    /// Appends `text` as a JSON string literal: `"`, `\` and the control characters escaped
    /// (`\b`, `\f`, `\n`, `\r`, `\t`, else `\u00XX`), everything else as its UTF-8. The same
    /// text is a GraphQL string value, whose escapes are JSON's: this is the one JSON and
    /// GraphQL string escaper of Records, Normalize, Transport and the compiler.
    public static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            // Runs without an escape go in whole; only the bytes that need one are written alone.
            var run = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                switch byte {
                case 0x22: out.append(contentsOf: [0x5C, 0x22])
                case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
                case 0x08: out.append(contentsOf: [0x5C, 0x62])
                case 0x0C: out.append(contentsOf: [0x5C, 0x66])
                case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: out.append(contentsOf: [0x5C, 0x72])
                case 0x09: out.append(contentsOf: [0x5C, 0x74])
                default:
                    out.append(contentsOf: [
                        0x5C, 0x75, 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)],
                    ])
                }
                run = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        out.append(0x22)
    }

    /// Appends `text` as a JSON string literal, as the `[UInt8]` overload writes it.
    public static func writeString(_ text: String, to out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count &+ 2)
        writeString(text, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
