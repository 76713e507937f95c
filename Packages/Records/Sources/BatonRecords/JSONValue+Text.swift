/// JSON text for a `JSONValue`: compact, with object members either as written or sorted
/// by name (the spelling storage keys and request bodies use).
extension JSONValue {
    /// Compact JSON text. With `sortedKeys`, object members are written in name order.
    public func jsonText(sortedKeys: Bool = false) -> String {
        var out = ""
        write(to: &out, sortedKeys: sortedKeys)
        return out
    }

    public func write(to out: inout String, sortedKeys: Bool) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): JSONValue.writeNumber(d, to: &out)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                element.write(to: &out, sortedKeys: sortedKeys)
            }
            out += "]"
        case .object(let members):
            out += "{"
            let ordered = sortedKeys ? members.sorted { $0.0 < $1.0 } : members
            for (i, (name, value)) in ordered.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(name, to: &out)
                out += ":"
                value.write(to: &out, sortedKeys: sortedKeys)
            }
            out += "}"
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

    /// A string literal with JSON's escapes.
    public static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
