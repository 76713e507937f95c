/// Which fields (or cells) of an object the response has answered: a bit set that allocates
/// only for objects of more than 64.
struct SeenFields {
    private var bits: UInt64 = 0
    /// Indices from 64 on.
    private var overflow: [Bool]

    init(count: Int) {
        overflow = count > 64 ? [Bool](repeating: false, count: count - 64) : []
    }

    @inline(__always)
    mutating func insert(_ index: Int) {
        if index < 64 { bits |= 1 &<< UInt64(index) } else { overflow[index - 64] = true }
    }

    @inline(__always)
    func contains(_ index: Int) -> Bool {
        index < 64 ? bits & (1 &<< UInt64(index)) != 0 : overflow[index - 64]
    }

    /// Whether every index below `count` is in the set.
    @inline(__always)
    func containsAll(below count: Int) -> Bool {
        if count >= 64 { return bits == ~0 && !overflow[..<(count - 64)].contains(false) }
        let all: UInt64 = (1 &<< UInt64(count)) &- 1
        return bits & all == all
    }
}
