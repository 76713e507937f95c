import BatonRecords

/// A pull reader over a `JSONValue` tree with `JSONReader`'s API (as `JSONTokenSource`), so
/// the ingest walks a payload app code built without writing it to text and parsing it again.
///
/// It reads what `JSONReader` would read from the tree's `jsonBytes()`: a `.double` that text
/// spells as an integer (integral, below 1e15) reads as `.int`, a non-finite one as `null`;
/// strings come unescaped (`escaped` is false). Keys (once per string) and raw strings are
/// copied into an arena the reader owns, so their bytes stay put, a word readable past their
/// end, while it lives.
/// Nothing recurses but `readValue()`, over the value it returns.
///
/// Errors carry no byte offset (the tree has no text): their `offset` is 0 and they have no
/// line or column. Thread safety: a noncopyable cursor for one task at a time; not `Sendable`.
struct JSONTreeReader: JSONTokenSource, ~Copyable {
    /// An open container (or, past `depth`, one closed) and the index of its next member or
    /// element.
    struct Frame {
        var isObject: Bool
        var members: [(String, JSONValue)]
        var elements: [JSONValue]
        var next: Int
    }

    /// A place in the tree to come back to, as `JSONReader.Mark` is in text: the frames stay
    /// after their containers close until another container opens at their depth.
    struct Mark {
        let depth: Int
        let next: Int
        let hasPending: Bool
    }

    /// The deepest nesting of arrays and objects allowed.
    let maxDepth: Int
    /// The containers open (below `depth`), innermost last, and some closed after them: the
    /// first `framesMade` of `capacity` slots hold frames. The reader's own storage, read and
    /// written on every key and element without the checks an array's would take.
    var frames: UnsafeMutablePointer<Frame>
    var framesMade = 0
    var capacity = 16
    /// How many containers are open.
    var depth = 0
    /// The whole tree, for a rewind to the top.
    let root: JSONValue
    /// The value the next read reads, or nil when a key, an element or the end is due.
    var pending: JSONValue?
    var arena = ByteArena()

    init(_ value: JSONValue, maxDepth: Int = 512) {
        self.maxDepth = maxDepth
        self.root = value
        self.pending = value
        frames = .allocate(capacity: capacity)
    }

    deinit {
        arena.deallocate()
        frames.deinitialize(count: framesMade)
        frames.deallocate()
    }

    /// The next value, consumed.
    @inline(__always)
    mutating func take(_ expected: JSONKind) throws(JSONReadError) -> JSONValue {
        guard let value = pending.take() else {
            throw Self.error(.unexpectedEnd, expected: expected.description, found: "none")
        }
        return value
    }

    mutating func peekKind() throws(JSONReadError) -> JSONKind {
        switch pending {
        case .none: throw Self.error(.unexpectedEnd, expected: "a value", found: "none")
        case .some(.null): .null
        case .some(.bool): .bool
        case .some(.int): .number
        case .some(.double(let d)): d.isFinite ? .number : .null
        case .some(.string): .string
        case .some(.array): .array
        case .some(.object): .object
        }
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
        try push(Frame(isObject: true, members: members, elements: [], next: 0))
    }

    mutating func beginArray() throws(JSONReadError) {
        let value = try take(.array)
        guard case .array(let elements) = value else { throw Self.mismatch(.array, value) }
        try push(Frame(isObject: false, members: [], elements: elements, next: 0))
    }

    mutating func push(_ frame: Frame) throws(JSONReadError) {
        guard depth < maxDepth else {
            throw Self.error(.depthLimitExceeded, expected: "at most \(maxDepth) nested containers", found: "one more")
        }
        if depth < framesMade {
            frames[depth] = frame
        } else {
            if framesMade == capacity {
                let grown = UnsafeMutablePointer<Frame>.allocate(capacity: capacity * 2)
                grown.moveInitialize(from: frames, count: framesMade)
                frames.deallocate()
                frames = grown
                capacity *= 2
            }
            (frames + framesMade).initialize(to: frame)
            framesMade += 1
        }
        depth += 1
    }

    mutating func nextKey() throws(JSONReadError) -> JSONKey? {
        let top = depth - 1
        precondition(top >= 0 && frames[top].isObject, "JSONTreeReader.nextKey() called outside an object")
        let frame = frames + top
        let index = frame.pointee.next
        guard index < frame.pointee.members.count else {
            depth = top
            return nil
        }
        frame.pointee.next = index + 1
        pending = frame.pointee.members[index].1
        return JSONKey(utf8: arena.copy(key: frame.pointee.members[index].0), hasEscapes: false, offset: 0)
    }

    mutating func nextElement() throws(JSONReadError) -> Bool {
        let top = depth - 1
        precondition(top >= 0 && !frames[top].isObject, "JSONTreeReader.nextElement() called outside an array")
        let frame = frames + top
        let index = frame.pointee.next
        guard index < frame.pointee.elements.count else {
            depth = top
            return false
        }
        frame.pointee.next = index + 1
        pending = frame.pointee.elements[index]
        return true
    }

    /// Asserts that the top-level value has been read whole.
    mutating func finish() throws(JSONReadError) {
        if depth > 0 {
            throw Self.error(.unexpectedEnd, expected: "the end of the open containers", found: "more to read")
        }
        if pending != nil { throw Self.error(.unexpectedEnd, expected: "the value read", found: "it unread") }
    }

    var mark: Mark {
        Mark(depth: depth, next: depth > 0 ? frames[depth - 1].next : 0, hasPending: pending != nil)
    }

    mutating func rewind(to mark: Mark) {
        depth = mark.depth
        guard depth > 0 else {
            pending = mark.hasPending ? root : nil
            return
        }
        let top = depth - 1
        frames[top].next = mark.next
        if !mark.hasPending {
            pending = nil
        } else if frames[top].isObject {
            pending = frames[top].members[mark.next - 1].1
        } else {
            pending = frames[top].elements[mark.next - 1]
        }
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
