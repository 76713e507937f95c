/// Finds where a JSON object or array ends while its bytes are still arriving: feed the
/// bytes in order, in any chunks, and it answers the offset just past the closing bracket
/// of the top-level value as soon as that bracket has been read.
///
/// This is how a multipart part typed JSON is known to be whole before the next delimiter
/// arrives. Strings are followed with their escapes, so a bracket, a quote or boundary text
/// inside a string never ends the value. It follows structure only (brackets and strings),
/// because its one question is where the part ends; what the part holds is read, and every
/// token of it validated, by `JSONReader` (through `JSONShape`) once the part is whole. A
/// body whose first byte after whitespace opens no object or array has no end this scan can
/// see: it never answers one.
///
/// A value type with no shared state; one owner at a time.
struct JSONValueEnd: Sendable {
    private enum State: Sendable {
        /// Before the value: only whitespace so far.
        case before
        /// Inside the value, `depth` brackets open, outside any string.
        case inside(depth: Int)
        /// Inside a string at `depth`; `escaped` when the last byte was a backslash.
        case inString(depth: Int, escaped: Bool)
        /// The value ended just before this offset.
        case ended(at: Int)
        /// The body does not begin with `{` or `[`.
        case notAContainer
    }

    private var state = State.before
    /// How many bytes have been scanned.
    private var scanned = 0

    /// Scans `bytes[scanned..<limit]` (the body so far, from its first byte) and answers the
    /// offset just past the value's closing bracket once it has been read, else nil.
    mutating func end(in bytes: [UInt8], upTo limit: Int) -> Int? {
        switch state {
        case .ended(let at): return at <= limit ? at : nil
        case .notAContainer: return nil
        case .before, .inside, .inString: break
        }
        var i = scanned
        var depth = 0
        var inString = false
        var escaped = false
        switch state {
        case .before:
            while i < limit, Self.isWhitespace(bytes[i]) { i += 1 }
            guard i < limit else {
                scanned = i
                return nil
            }
            guard bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[") else {
                state = .notAContainer
                return nil
            }
            depth = 1
            i += 1
        case .inside(let d):
            depth = d
        case .inString(let d, let e):
            depth = d
            inString = true
            escaped = e
        case .ended, .notAContainer:
            return nil
        }
        let found: Int? = bytes.withUnsafeBufferPointer { bytes in
            while i < limit {
                if inString {
                    if escaped {
                        escaped = false
                        i += 1
                        continue
                    }
                    // The string's plain run, up to its next quote or backslash.
                    while i < limit, bytes[i] != Self.quote, bytes[i] != Self.backslash { i += 1 }
                    guard i < limit else { break }
                    if bytes[i] == Self.backslash { escaped = true } else { inString = false }
                    i += 1
                    continue
                }
                let byte = bytes[i]
                i += 1
                switch byte {
                case Self.quote:
                    inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i }
                default:
                    break
                }
            }
            return nil
        }
        if let found {
            scanned = found
            state = .ended(at: found)
            return found
        }
        scanned = i
        state = inString ? .inString(depth: depth, escaped: escaped) : .inside(depth: depth)
        return nil
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
