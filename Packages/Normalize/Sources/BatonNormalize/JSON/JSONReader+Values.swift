import BatonRecords

/// Whole values: skipping one and reading one as a `JSONValue`. Neither recurses.
extension JSONReader {
    /// Skips the next value, validating it as strictly as reading it would.
    public mutating func skipValue() throws(JSONReadError) {
        let base = depth
        while true {
            let c = skipWhitespace()
            switch c {
            case UInt8(ascii: "\""): _ = try scanString()
            case UInt8(ascii: "{"): try push(isObject: true)
            case UInt8(ascii: "["): try push(isObject: false)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
            case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
            case UInt8(ascii: "n"): try readNull()
            default: throw notAValue(c)
            }
            // Close finished containers until a member or element is due, or the value ends.
            while depth > base {
                if innermostIsObject {
                    if try nextKey() != nil { break }
                } else if try nextElement() {
                    break
                }
            }
            if depth == base { return }
        }
    }

    /// Reads the next value, with everything in it, as a `JSONValue`. Object members keep
    /// their order; duplicate keys are kept as written.
    public mutating func readValue() throws(JSONReadError) -> JSONValue {
        var stack: [PartialContainer] = []
        while true {
            var value: JSONValue
            let c = skipWhitespace()
            switch c {
            case UInt8(ascii: "\""): value = .string(try readString())
            case UInt8(ascii: "{"):
                try push(isObject: true)
                if let key = try nextKey() {
                    stack.append(PartialContainer(isObject: true, key: key.string))
                    continue
                }
                value = .object([])
            case UInt8(ascii: "["):
                try push(isObject: false)
                if try nextElement() {
                    stack.append(PartialContainer(isObject: false, key: ""))
                    continue
                }
                value = .array([])
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                switch try scanNumber() {
                case .int(let i): value = .int(i)
                case .double(let d): value = .double(d)
                }
            case UInt8(ascii: "t"), UInt8(ascii: "f"): value = .bool(try readBool())
            case UInt8(ascii: "n"):
                try readNull()
                value = .null
            default: throw notAValue(c)
            }
            // Hand the value to its container; close containers that end here.
            while let top = stack.indices.last {
                if stack[top].isObject {
                    stack[top].members.append((stack[top].key, value))
                    if let key = try nextKey() {
                        stack[top].key = key.string
                        break
                    }
                    value = .object(stack[top].members)
                } else {
                    stack[top].elements.append(value)
                    if try nextElement() { break }
                    value = .array(stack[top].elements)
                }
                stack.removeLast()
            }
            if stack.isEmpty { return value }
        }
    }
}

/// An array or object `readValue()` is in the middle of.
struct PartialContainer {
    var isObject: Bool
    /// The key of the member being read (objects only).
    var key: String
    var elements: [JSONValue] = []
    var members: [(String, JSONValue)] = []

    /// Room for 8 up front: most objects in responses have a handful of members, and
    /// growing from 1 costs three reallocations.
    init(isObject: Bool, key: String) {
        self.isObject = isObject
        self.key = key
        if isObject { members.reserveCapacity(8) } else { elements.reserveCapacity(8) }
    }
}
