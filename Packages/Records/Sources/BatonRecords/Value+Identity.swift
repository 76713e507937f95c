extension Value {
    /// Whether `a` and `b` are the same bits: then they are the very same value (the same
    /// case, the same storage or number), read without copying either. False for some equal
    /// values (equal texts in different storage, a short payload beside different padding).
    @_spi(Baton) @inlinable @inline(__always)
    public static func sameBits(_ a: Value, _ b: Value) -> Bool {
        typealias Bits = (UInt64, UInt64, UInt8)
        guard MemoryLayout<Value>.size == MemoryLayout<Bits>.size else { return false }
        let x = unsafeBitCast(a, to: Bits.self)
        let y = unsafeBitCast(b, to: Bits.self)
        return x.0 == y.0 && x.1 == y.1 && x.2 == y.2
    }
}

extension Value {
    /// Whether two values are the same case with equal payloads, as a commit asks before it
    /// writes a cell (an equal value is no change and notifies no one).
    ///
    /// Text compares as its UTF-8 bytes, as keys, the image and the ingest's repeats compare
    /// it: a text the server now spells in another Unicode normal form is a change, written
    /// to the store and the image. Lists compare element by element; a custom scalar and a
    /// field error as `JSONValue` and `FieldError` compare. Values with the same bits are
    /// equal, a `.double` NaN among them (so that writing it again is no change).
    ///
    /// Written out rather than synthesized: the synthesized comparison took texts through the
    /// standard library's Unicode comparison, about 80 instructions for two equal texts in
    /// separate storage, the largest single cost of a commit comparing a server's cells with
    /// the store's (`profile optimistic-cycle`).
    public static func == (lhs: Value, rhs: Value) -> Bool {
        if sameBits(lhs, rhs) { return true }
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return RecordKey.sameUTF8(a, b)
        case (.scalar(let a), .scalar(let b)): return a == b
        case (.link(let a), .link(let b)): return a == b
        case (.list(let a), .list(let b)): return a == b
        case (.error(let a), .error(let b)): return a == b
        default: return false
        }
    }
}
