import BatonRecords

/// A pull reader over a `JSONValue` tree with `JSONReader`'s API (as `JSONTokenSource`), so
/// the ingest walks a payload app code built without writing it to text and parsing it again.
///
/// It reads what `JSONReader` would read from the tree's `jsonBytes()`: a `.double` that text
/// spells as an integer (integral, below 1e15) reads as `.int`, a non-finite one as `null`;
/// strings come unescaped (`escaped` is false). Keys and raw strings are copied into an arena
/// the reader owns, so their bytes stay put, a word readable past their end, while it lives.
/// Nothing recurses but `readValue()`, over the value it returns.
///
/// Errors carry no byte offset (the tree has no text): their `offset` is 0 and they have no
/// line or column. Thread safety: a noncopyable cursor for one task at a time; not `Sendable`.
struct JSONTreeReader: JSONTokenSource, ~Copyable {
    /// An open container and the index of its next member or element.
    struct Frame {
        enum Container {
            case object([(String, JSONValue)])
            case array([JSONValue])
        }
        var container: Container
        var next: Int
    }

    /// A place in the tree to come back to, as `JSONReader.Mark` is in text.
    struct Mark {
        let depth: Int
        let frame: Frame?
        let pending: JSONValue?
    }

    /// The deepest nesting of arrays and objects allowed.
    let maxDepth: Int
    /// The open containers, innermost last.
    var stack: [Frame] = []
    /// The value the next read reads, or nil when a key, an element or the end is due.
    var pending: JSONValue?
    var arena = ByteArena()

    init(_ value: JSONValue, maxDepth: Int = 512) {
        self.maxDepth = maxDepth
        self.pending = value
    }

    deinit { arena.deallocate() }

    var depth: Int { stack.count }

    /// The next value, consumed.
    @inline(__always)
    mutating func take(_ expected: JSONKind) throws(JSONReadError) -> JSONValue {
        guard let value = pending else {
            throw Self.error(.unexpectedEnd, expected: expected.description, found: "none")
        }
        pending = nil
        return value
    }

    mutating func peekKind() throws(JSONReadError) -> JSONKind {
        guard let value = pending else { throw Self.error(.unexpectedEnd, expected: "a value", found: "none") }
        return Self.kind(of: value)
    }

    static func kind(of value: JSONValue) -> JSONKind {
        switch value {
        case .null: .null
        case .bool: .bool
        case .int: .number
        case .double(let d): d.isFinite ? .number : .null
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    mutating func beginObject() throws(JSONReadError) {
        let value = try take(.object)
        guard case .object(let members) = value else { throw Self.mismatch(.object, value) }
        try push(.object(members))
    }

    mutating func beginArray() throws(JSONReadError) {
        let value = try take(.array)
        guard case .array(let elements) = value else { throw Self.mismatch(.array, value) }
        try push(.array(elements))
    }

    mutating func push(_ container: Frame.Container) throws(JSONReadError) {
        guard stack.count < maxDepth else {
            throw Self.error(.depthLimitExceeded, expected: "at most \(maxDepth) nested containers", found: "one more")
        }
        stack.append(Frame(container: container, next: 0))
    }

    mutating func nextKey() throws(JSONReadError) -> JSONKey? {
        let top = stack.count - 1
        guard top >= 0, case .object(let members) = stack[top].container else {
            preconditionFailure("JSONTreeReader.nextKey() called outside an object")
        }
        let index = stack[top].next
        guard index < members.count else {
            stack.removeLast()
            return nil
        }
        stack[top].next = index + 1
        let (name, value) = members[index]
        pending = value
        return JSONKey(utf8: arena.copy(name), hasEscapes: false, offset: 0)
    }

    mutating func nextElement() throws(JSONReadError) -> Bool {
        let top = stack.count - 1
        guard top >= 0, case .array(let elements) = stack[top].container else {
            preconditionFailure("JSONTreeReader.nextElement() called outside an array")
        }
        let index = stack[top].next
        guard index < elements.count else {
            stack.removeLast()
            return false
        }
        stack[top].next = index + 1
        pending = elements[index]
        return true
    }

    /// Asserts that the top-level value has been read whole.
    mutating func finish() throws(JSONReadError) {
        if !stack.isEmpty {
            throw Self.error(.unexpectedEnd, expected: "the end of the open containers", found: "more to read")
        }
        if pending != nil { throw Self.error(.unexpectedEnd, expected: "the value read", found: "it unread") }
    }

    var mark: Mark { Mark(depth: stack.count, frame: stack.last, pending: pending) }

    mutating func rewind(to mark: Mark) {
        if mark.depth == 0 {
            stack.removeAll(keepingCapacity: true)
        } else if let frame = mark.frame {
            stack.removeLast(max(0, stack.count - (mark.depth - 1)))
            stack.append(frame)
        }
        pending = mark.pending
    }

    /// The tree has no text to place `error` in: it stays as it is.
    func locating(_ error: JSONReadError) -> JSONReadError { error }

    static func error(_ kind: JSONReadError.Kind, expected: String, found: String) -> JSONReadError {
        JSONReadError(kind: kind, offset: 0, expected: expected, found: found)
    }

    static func mismatch(_ expected: JSONKind, _ value: JSONValue) -> JSONReadError {
        error(.typeMismatch, expected: expected.description, found: kind(of: value).description)
    }
}
