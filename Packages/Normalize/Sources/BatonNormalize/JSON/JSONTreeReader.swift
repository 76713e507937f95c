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
/// The reader borrows the tree: it holds the root, so every array in the tree lives, never
/// mutated, as long as the reader does, and its frames and the pending value point into
/// those arrays' storage instead of copying (and retaining) each container and value it
/// passes. Only a value read out (a string, a subtree) is copied.
///
/// Errors carry no byte offset (the tree has no text): their `offset` is 0 and they have no
/// line or column. Thread safety: a noncopyable cursor for one task at a time; not `Sendable`.
struct JSONTreeReader: JSONTokenSource, ~Copyable {
    /// An open container (or, past `depth`, one closed) and the index of its next member or
    /// element.
    struct Frame {
        var isObject: Bool
        /// An object's members, in the tree's own storage.
        var members: UnsafeBufferPointer<(String, JSONValue)>
        /// An array's elements, in the tree's own storage.
        var elements: UnsafeBufferPointer<JSONValue>
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
    /// The containers open (below `depth`), innermost last, and some closed after them, in
    /// `capacity` slots: the reader's own storage, read and written on every key and element
    /// without the checks an array's would take.
    var frames: UnsafeMutablePointer<Frame>
    var capacity = 16
    /// How many containers are open.
    var depth = 0
    /// The whole tree, held for as long as the reader borrows it, and for a rewind to the top.
    let root: UnsafeMutablePointer<JSONValue>
    /// The value the next read reads, in the tree, or nil when a key, an element or the end is
    /// due.
    var pending: UnsafePointer<JSONValue>?
    /// Where a member's value is in a `(String, JSONValue)`: after the string, at the value's
    /// alignment, as a tuple lays out its elements (folded to a constant, where a stored
    /// static would cost a lazy-initialization check on every member).
    @inline(__always)
    static var valueOffset: Int {
        let alignment = MemoryLayout<JSONValue>.alignment
        let offset = (MemoryLayout<String>.size + alignment - 1) & ~(alignment - 1)
        assert(offset == MemoryLayout<(String, JSONValue)>.offset(of: \(String, JSONValue).1))
        return offset
    }
    var arena = ByteArena()
    /// Where the tree's containers keep their elements, when the probe found it: they are read
    /// in place, else copied out of their values as they open (see `TreeStorage`).
    let storage: TreeStorage?

    /// A reader of `value`, reading its containers through `storage` (the probed layout by
    /// default; nil copies each container out of its value, as the tests compare).
    init(_ value: JSONValue, maxDepth: Int = 512, storage: TreeStorage? = TreeStorage.probed) {
        self.maxDepth = maxDepth
        self.storage = storage
        root = .allocate(capacity: 1)
        root.initialize(to: value)
        pending = UnsafePointer(root)
        frames = .allocate(capacity: capacity)
    }

    deinit {
        arena.deallocate()
        frames.deallocate()
        root.deinitialize(count: 1)
        root.deallocate()
    }

    /// The next value, consumed: where it is in the tree.
    @inline(__always)
    mutating func take(_ expected: JSONKind) throws(JSONReadError) -> UnsafePointer<JSONValue> {
        guard let value = pending.take() else {
            throw Self.error(.unexpectedEnd, expected: expected.description, found: "none")
        }
        return value
    }

    mutating func peekKind() throws(JSONReadError) -> JSONKind {
        guard let pending else { throw Self.error(.unexpectedEnd, expected: "a value", found: "none") }
        return Self.kind(of: pending.pointee)
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
        guard case .object = value.pointee else { throw Self.mismatch(.object, value.pointee) }
        try push(
            Frame(
                isObject: true, members: Self.members(of: value, in: storage), elements: .init(start: nil, count: 0),
                next: 0))
    }

    mutating func beginArray() throws(JSONReadError) {
        let value = try take(.array)
        guard case .array = value.pointee else { throw Self.mismatch(.array, value.pointee) }
        try push(
            Frame(
                isObject: false, members: .init(start: nil, count: 0), elements: Self.elements(of: value, in: storage),
                next: 0))
    }

    /// The members of the object `value` holds, in the tree's storage: read in place through
    /// `storage`, else through a copy of the array. The tree's arrays, which `root` keeps alive
    /// and nothing mutates, stay put either way.
    @inline(__always)
    static func members(of value: UnsafePointer<JSONValue>, in storage: TreeStorage?) -> UnsafeBufferPointer<
        (String, JSONValue)
    > {
        if let storage { return storage.members(of: value) }
        guard case .object(let members) = value.pointee else { preconditionFailure("members(of:in:) of no object") }
        return members.withUnsafeBufferPointer { $0 }
    }

    /// The elements of the array `value` holds, in the tree's storage; as `members(of:in:)`.
    @inline(__always)
    static func elements(of value: UnsafePointer<JSONValue>, in storage: TreeStorage?) -> UnsafeBufferPointer<JSONValue>
    {
        if let storage { return storage.elements(of: value) }
        guard case .array(let elements) = value.pointee else { preconditionFailure("elements(of:in:) of no array") }
        return elements.withUnsafeBufferPointer { $0 }
    }

    /// Where the value of the member at `index` of `members` is.
    @inline(__always)
    static func value(at index: Int, of members: UnsafeBufferPointer<(String, JSONValue)>) -> UnsafePointer<JSONValue> {
        UnsafeRawPointer(members.baseAddress! + index).advanced(by: valueOffset).assumingMemoryBound(to: JSONValue.self)
    }

    mutating func push(_ frame: Frame) throws(JSONReadError) {
        guard depth < maxDepth else {
            throw Self.error(.depthLimitExceeded, expected: "at most \(maxDepth) nested containers", found: "one more")
        }
        if depth == capacity {
            let grown = UnsafeMutablePointer<Frame>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: frames, count: capacity)
            frames.deallocate()
            frames = grown
            capacity *= 2
        }
        frames[depth] = frame
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
        pending = Self.value(at: index, of: frame.pointee.members)
        // A member's key is its tuple's first element, at the member's own address.
        assert(MemoryLayout<(String, JSONValue)>.offset(of: \(String, JSONValue).0) == 0)
        let key = UnsafeRawPointer(frame.pointee.members.baseAddress! + index).assumingMemoryBound(to: String.self)
        return JSONKey(utf8: arena.copy(keyAt: key), hasEscapes: false, offset: 0)
    }

    /// Whether the next member's key is the `String` with `words`, compared in place; moves
    /// past it, its value pending, when it is.
    @inline(__always)
    mutating func nextKey(isString words: (UInt64, UInt64)?) -> Bool {
        #if _pointerBitWidth(_64)
        let top = depth - 1
        guard let words, top >= 0 else { return false }
        let frame = frames + top
        let index = frame.pointee.next
        guard frame.pointee.isObject, index < frame.pointee.members.count,
            UnsafeRawPointer(frame.pointee.members.baseAddress! + index).load(as: (UInt64, UInt64).self) == words
        else { return false }
        frame.pointee.next = index + 1
        pending = Self.value(at: index, of: frame.pointee.members)
        return true
        #else
        return false
        #endif
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
        pending = frame.pointee.elements.baseAddress! + index
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
            pending = mark.hasPending ? UnsafePointer(root) : nil
            return
        }
        let top = depth - 1
        frames[top].next = mark.next
        if !mark.hasPending {
            pending = nil
        } else if frames[top].isObject {
            pending = Self.value(at: mark.next - 1, of: frames[top].members)
        } else {
            pending = frames[top].elements.baseAddress! + (mark.next - 1)
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
