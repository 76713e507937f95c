/// Which fields (or cells) of an object the response has answered: a bit set that allocates
/// only for objects of more than 64.
struct SeenFields {
    private var bits: UInt64 = 0
    private var overflow: [Bool]

    init(count: Int) {
        overflow = count > 64 ? [Bool](repeating: false, count: count) : []
    }

    @inline(__always)
    mutating func insert(_ index: Int) {
        if overflow.isEmpty { bits |= 1 << UInt64(index) } else { overflow[index] = true }
    }

    @inline(__always)
    func contains(_ index: Int) -> Bool {
        overflow.isEmpty ? bits & (1 << UInt64(index)) != 0 : overflow[index]
    }

    /// Whether every index below `count` is in the set.
    @inline(__always)
    func containsAll(below count: Int) -> Bool {
        if !overflow.isEmpty { return !overflow[..<count].contains(false) }
        return count == 64 ? bits == ~0 : bits & ((1 << UInt64(count)) &- 1) == (1 << UInt64(count)) &- 1
    }
}
