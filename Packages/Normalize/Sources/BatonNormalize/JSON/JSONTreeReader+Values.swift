import BatonRecords

/// Leaves and whole values of a tree, read as `JSONReader` reads the tree's text.
extension JSONTreeReader {
    mutating func readString() throws(JSONReadError) -> String {
        let value = try take(.string)
        guard case .string(let text) = value.pointee else { throw Self.mismatch(.string, value.pointee) }
        return text
    }

    /// The tree's own string: nothing to make.
    mutating func readText(sharing table: inout StringTable) throws(JSONReadError) -> String {
        try readString()
    }

    /// The tree's own string, and a copy of its UTF-8: the text is not made again from it.
    mutating func readTextAndUTF8(sharing table: inout StringTable) throws(JSONReadError)
        -> (text: String, utf8: UnsafeBufferPointer<UInt8>?)
    {
        let text = try readString()
        return (text, arena.copy(text))
    }

    mutating func readRawString() throws(JSONReadError) -> (raw: UnsafeBufferPointer<UInt8>, escaped: Bool) {
        let value = try take(.string)
        guard case .string(let text) = value.pointee else { throw Self.mismatch(.string, value.pointee) }
        return (arena.copy(text), false)
    }

    mutating func readNumber() throws(JSONReadError) -> JSONNumber {
        let value = try take(.number)
        switch value.pointee {
        case .int(let i): return .int(i)
        case .double(let d) where d.isFinite: return Self.number(d)
        default: throw Self.mismatch(.number, value.pointee)
        }
    }

    /// A finite double as its text reads back: integral below 1e15 as an integer.
    static func number(_ d: Double) -> JSONNumber {
        d == d.rounded() && abs(d) < 1e15 ? .int(Int(d)) : .double(d)
    }

    mutating func readBool() throws(JSONReadError) -> Bool {
        let value = try take(.bool)
        guard case .bool(let b) = value.pointee else { throw Self.mismatch(.bool, value.pointee) }
        return b
    }

    mutating func readNull() throws(JSONReadError) {
        let value = try take(.null)
        guard Self.kind(of: value.pointee) == .null else { throw Self.mismatch(.null, value.pointee) }
    }

    mutating func tryNull() throws(JSONReadError) -> Bool {
        guard let value = pending else { return false }
        switch value.pointee {
        case .null: break
        case .double(let d) where !d.isFinite: break
        default: return false
        }
        pending = nil
        return true
    }

    mutating func skipValue() throws(JSONReadError) {
        let value = try take(.null)
        try checkDepth(value.pointee, below: depth)
    }

    /// The next value, its numbers as its text would read back.
    mutating func readValue() throws(JSONReadError) -> JSONValue {
        let value = try take(.null)
        try checkDepth(value.pointee, below: depth)
        return Self.normalized(value.pointee)
    }

    /// Throws as `JSONReader` would for a value whose containers nest deeper than `maxDepth`
    /// when `open` are open around it.
    func checkDepth(_ value: JSONValue, below open: Int) throws(JSONReadError) {
        switch value {
        case .array(let elements):
            guard open < maxDepth else { throw depthError() }
            for element in elements { try checkDepth(element, below: open + 1) }
        case .object(let members):
            guard open < maxDepth else { throw depthError() }
            for (_, member) in members { try checkDepth(member, below: open + 1) }
        default:
            return
        }
    }

    func depthError() -> JSONReadError {
        Self.error(.depthLimitExceeded, expected: "at most \(maxDepth) nested containers", found: "one more")
    }

    /// `value` with every double as its text reads back; `value` itself when it has none.
    static func normalized(_ value: JSONValue) -> JSONValue {
        switch value {
        case .double(let d):
            guard d.isFinite else { return .null }
            switch number(d) {
            case .int(let i): return .int(i)
            case .double: return value
            }
        case .array(let elements):
            guard elements.contains(where: hasDouble) else { return value }
            return .array(elements.map(normalized))
        case .object(let members):
            guard members.contains(where: { hasDouble($0.1) }) else { return value }
            return .object(members.map { ($0.0, normalized($0.1)) })
        default:
            return value
        }
    }

    static func hasDouble(_ value: JSONValue) -> Bool {
        switch value {
        case .double: true
        case .array(let elements): elements.contains(where: hasDouble)
        case .object(let members): members.contains { hasDouble($0.1) }
        default: false
        }
    }
}
