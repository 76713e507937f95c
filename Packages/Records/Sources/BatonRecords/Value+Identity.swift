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
