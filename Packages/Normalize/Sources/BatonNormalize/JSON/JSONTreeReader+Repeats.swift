import BatonRecords

/// Objects a tree repeats: one whose members are an earlier object's, value for value in the
/// same order, is left as if read through (see `ObjectSpan`). In a tree a span is the
/// address of the object's members and their count, which the tree keeps in place while the
/// reader borrows it.
extension JSONTreeReader {
    /// The span of the object `beginObject()` has just opened.
    @inline(__always)
    func openedObject() -> ObjectSpan? {
        let members = frames[depth &- 1].members
        return ObjectSpan(start: Int(bitPattern: members.baseAddress), depth: depth, count: members.count)
    }

    /// A tree's span is whole from the start.
    @inline(__always)
    func closed(_ span: ObjectSpan) -> ObjectSpan { span }

    /// Leaves the object `current`, opened and not yet closed (the reader among its own
    /// members, not inside one), when its members are `previous`'s, the same storage or equal
    /// one by one in order (`same(_:_:)`), and it opens no deeper than `previous` did. False,
    /// having moved nowhere, otherwise.
    mutating func skipObject(_ current: ObjectSpan, sameAs previous: ObjectSpan) -> Bool {
        assert(
            depth == current.depth && frames[depth &- 1].isObject,
            "skipObject(_:sameAs:) outside the object's own members")
        guard current.count > 0, current.count == previous.count, current.depth <= previous.depth,
            let now = UnsafePointer<(String, JSONValue)>(bitPattern: current.start),
            let before = UnsafePointer<(String, JSONValue)>(bitPattern: previous.start)
        else { return false }
        if now != before {
            for i in 0..<current.count where !Self.sameMember(now + i, before + i, in: storage) { return false }
        }
        depth &-= 1
        pending = nil
        return true
    }

    /// Whether the walk reads `a` and `b` alike: the same case with the same payload, arrays
    /// element by element and objects member by member in order. Stricter than `==`, which
    /// takes `1` for `1.0` and members in any order: the order a walk meets members in is the
    /// order it writes their records in.
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in same(a, b, in: TreeStorage.probed) } }
    }

    /// `same(_:_:)` in place, reading containers through `storage` (see `TreeStorage`).
    /// Values with the same bits are the same (a shared string or array, a short string, most
    /// numbers), so a tree that shares its storage is told without looking into it.
    static func same(_ a: UnsafePointer<JSONValue>, _ b: UnsafePointer<JSONValue>, in storage: TreeStorage?) -> Bool {
        if sameBits(a, b, count: MemoryLayout<JSONValue>.size) { return true }
        // Containers are matched by case alone, not bound: a binding would copy the array.
        // Written out, not through a helper taking the comparison as a function, which went
        // through a thunk per element (+10% of a payload's comparisons).
        if case .array = a.pointee {
            guard case .array = b.pointee else { return false }
            let x = elements(of: a, in: storage)
            let y = elements(of: b, in: storage)
            guard x.count == y.count else { return false }
            for i in x.indices where !sameValue(x.baseAddress! + i, y.baseAddress! + i, in: storage) { return false }
            return true
        }
        if case .object = a.pointee {
            guard case .object = b.pointee else { return false }
            let x = members(of: a, in: storage)
            let y = members(of: b, in: storage)
            guard x.count == y.count else { return false }
            for i in x.indices where !sameMember(x.baseAddress! + i, y.baseAddress! + i, in: storage) { return false }
            return true
        }
        switch a.pointee {
        case .string(let x):
            guard case .string(let y) = b.pointee else { return false }
            return sameText(x, y)
        case .array, .object:
            return false  // compared above
        case .null:
            return b.pointee.isNull
        case .bool(let x):
            guard case .bool(let y) = b.pointee else { return false }
            return x == y
        case .int(let x):
            guard case .int(let y) = b.pointee else { return false }
            return x == y
        case .double(let x):
            guard case .double(let y) = b.pointee else { return false }
            return x.bitPattern == y.bitPattern
        }
    }

    /// Whether two members have the same key and the same value (`same(_:_:)`).
    @inline(__always)
    static func sameMember(
        _ a: UnsafePointer<(String, JSONValue)>, _ b: UnsafePointer<(String, JSONValue)>, in storage: TreeStorage?
    ) -> Bool {
        let keys = sameBits(a, b, count: MemoryLayout<String>.size) || sameText(a.pointee.0, b.pointee.0)
        return keys && sameValue(value(of: a), value(of: b), in: storage)
    }

    /// `same(_:_:in:)` with its first test, the values' bits, made in place: most members and
    /// elements of two equal trees are short strings, numbers, booleans or nulls with the
    /// same bits, told without a call.
    @inline(__always)
    static func sameValue(_ a: UnsafePointer<JSONValue>, _ b: UnsafePointer<JSONValue>, in storage: TreeStorage?)
        -> Bool
    {
        sameBits(a, b, count: MemoryLayout<JSONValue>.size) || same(a, b, in: storage)
    }

    /// Whether two strings have the same UTF-8: stricter than `==`, which takes canonically
    /// equivalent texts for equal, and cheaper for two native strings, compared in place.
    @inline(__always)
    static func sameText(_ x: String, _ y: String) -> Bool {
        let count = x.utf8.count
        guard count == y.utf8.count else { return false }
        let compared = x.utf8.withContiguousStorageIfAvailable { x in
            y.utf8.withContiguousStorageIfAvailable { y in
                // Long texts (URLs, most of what differs in bits) through the C library's
                // comparison, many bytes at a time; short ones a word at a time, in place.
                count >= 32
                    ? JSONReader.equalBytes(x.baseAddress!, y.baseAddress!, count: count)
                    : sameBytes(x.baseAddress!, y.baseAddress!, count: count)
            }
        }
        return (compared ?? nil) ?? x.utf8.elementsEqual(y.utf8)
    }

    /// Where a member's value is (see `valueOffset`).
    @inline(__always)
    static func value(of member: UnsafePointer<(String, JSONValue)>) -> UnsafePointer<JSONValue> {
        UnsafeRawPointer(member).advanced(by: valueOffset).assumingMemoryBound(to: JSONValue.self)
    }

    /// Whether the first `count` bytes of the two values are equal.
    @inline(__always)
    static func sameBits<T>(_ a: UnsafePointer<T>, _ b: UnsafePointer<T>, count: Int) -> Bool {
        sameBytes(UnsafeRawPointer(a), UnsafeRawPointer(b), count: count)
    }

    /// Whether the `count` bytes at `a` and at `b` are equal, a word at a time.
    @inline(__always)
    static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset &+ 8 <= count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset &+= 8
        }
        while offset < count {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset &+= 1
        }
        return true
    }
}
