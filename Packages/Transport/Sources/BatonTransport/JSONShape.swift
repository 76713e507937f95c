import Foundation

/// A byte scan of a JSON object's top level: its member names and where each value lies,
/// without parsing the values. This is how the transport tells a GraphQL response from an
/// HTML error page, and lifts a subscription's `payload` out of its envelope, in a tenth of
/// a millisecond instead of a full parse (the ingest parses the bytes once, later).
///
/// Checks structure only (balanced brackets, strings, separators), not every token's
/// grammar. A stateless namespace: safe on any thread.
enum JSONShape {
    struct Member {
        var name: String
        var value: Range<Int>
    }

    /// The top-level members of `data` if it is one JSON object (with optional surrounding
    /// whitespace), else nil.
    static func members(of data: Data) -> [Member]? {
        data.withUnsafeBytes { raw -> [Member]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = Scanner(bytes: bytes)
            return scanner.object()
        }
    }

    /// True when `data` is a JSON object with a `data` or an `errors` member.
    static func isGraphQLResponse(_ data: Data) -> Bool {
        guard let members = members(of: data) else { return false }
        return members.contains { $0.name == "data" || $0.name == "errors" }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func skipWhitespace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func object() -> [Member]? {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
            i += 1
            var members: [Member] = []
            skipWhitespace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                i += 1
            } else {
                while true {
                    skipWhitespace()
                    guard let name = string() else { return nil }
                    skipWhitespace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    skipWhitespace()
                    let start = i
                    guard skipValue() else { return nil }
                    members.append(Member(name: name, value: start..<i))
                    skipWhitespace()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; break }
                    return nil
                }
            }
            skipWhitespace()
            return i == bytes.count ? members : nil
        }

        /// Reads a string starting at a quote; answers its raw text (escapes left as written).
        mutating func string() -> String? {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            let start = i + 1
            i += 1
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\\"): i += 2
                case UInt8(ascii: "\""):
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                    i += 1
                    return text
                default: i += 1
                }
            }
            return nil
        }

        mutating func skipValue() -> Bool {
            guard i < bytes.count else { return false }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                return string() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while i < bytes.count {
                    switch bytes[i] {
                    case UInt8(ascii: "\""):
                        guard string() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { i += 1; return true }
                    default: break
                    }
                    i += 1
                }
                return false
            default:
                let start = i
                while i < bytes.count {
                    let b = bytes[i]
                    let isScalar =
                        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                        || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
                        || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
                        || b == UInt8(ascii: "E")
                    guard isScalar else { break }
                    i += 1
                }
                return i > start
            }
        }
    }
}
