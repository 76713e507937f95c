/// Open-addressed slots from a 32-bit hash to the index of an entry kept beside them: how the
/// walk's string table and record index find their entries. Linear probing, a power of two in
/// number, at most half full. Used by one walk, on its task.
struct HashSlots {
    /// The hash in the low half, 1 + the entry's index in the high half; 0 marks an empty slot.
    private var slots: [UInt64]
    private var occupied = 0

    /// How many entries fit before the slots grow.
    var capacity: Int { slots.count / 2 }

    /// Slots for `count` entries without growing: at least 1,024 slots, and at most enough for
    /// 65,536 entries (a larger count grows past them as it fills).
    init(expecting count: Int = 0) {
        let wanted = min(max(2 * count, 1_024), 1 << 17)
        slots = [UInt64](repeating: 0, count: 1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount))
    }

    /// The longest run of slots a lookup or an insertion walks. The hashes are not seeded, so a
    /// response crafted to collide would otherwise make the walk quadratic; an entry that does
    /// not fit within it is not kept, which costs only the sharing (or the fast lookup) it gave.
    private static let maxProbes = 32

    /// The first entry index under `hash` that `matches` accepts, in probe order.
    @inline(__always)
    func first(hash: UInt32, where matches: (Int) -> Bool) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count &- 1
            var i = Int(hash) & mask
            var probes = 0
            while slots[i] != 0 && probes < Self.maxProbes {
                if UInt32(truncatingIfNeeded: slots[i]) == hash, matches(Int(slots[i] &>> 32) &- 1) {
                    return Int(slots[i] &>> 32) &- 1
                }
                i = (i &+ 1) & mask
                probes &+= 1
            }
            return nil
        }
    }

    /// Files entry `index` under `hash`; false, having filed nothing, when its run is full.
    mutating func insert(hash: UInt32, index: Int) -> Bool {
        if (occupied + 1) * 2 > slots.count { grow() }
        guard place(UInt64(hash) | UInt64(index + 1) &<< 32) else { return false }
        occupied += 1
        #if DEBUG
        _checkInvariants(filed: index, under: hash)
        #endif
        return true
    }

    private mutating func place(_ slot: UInt64) -> Bool {
        let mask = slots.count &- 1
        var i = Int(UInt32(truncatingIfNeeded: slot)) & mask
        for _ in 0..<Self.maxProbes {
            if slots[i] == 0 {
                slots[i] = slot
                return true
            }
            i = (i &+ 1) & mask
        }
        return false
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        occupied = 0
        for slot in old where slot != 0 && place(slot) { occupied += 1 }
        #if DEBUG
        _checkInvariants()
        #endif
    }

    #if DEBUG
    /// Traps unless the slots are as lookups need them: a power of two in number, at most half
    /// full (`occupied` counting the filled ones), each entry once, and each filled slot
    /// within `maxProbes` of its hash's home with no empty slot between, so a probe from the
    /// home reaches it. Walks every slot: called after a growth, and in debug builds only.
    func _checkInvariants() {
        precondition(slots.count.nonzeroBitCount == 1, "slot count \(slots.count) is not a power of two")
        precondition(occupied * 2 <= slots.count, "\(occupied) of \(slots.count) slots filled")
        var filled = 0
        var entries = Set<UInt64>()
        for i in slots.indices where slots[i] != 0 {
            filled += 1
            precondition(entries.insert(slots[i] &>> 32).inserted, "entry \((slots[i] &>> 32) - 1) filed twice")
            _checkProbe(to: i)
        }
        precondition(filled == occupied, "\(filled) slots filled, \(occupied) counted")
    }

    /// Traps unless entry `index` was just filed under `hash` where a lookup finds it, the
    /// table at most half full: the check after each insertion, which walks one run.
    func _checkInvariants(filed index: Int, under hash: UInt32) {
        precondition(occupied * 2 <= slots.count, "\(occupied) of \(slots.count) slots filled")
        precondition(first(hash: hash) { $0 == index } == index, "entry \(index) not found under its hash")
    }

    /// Traps unless the filled slot `i` lies within `maxProbes` of its home, every slot between
    /// filled.
    private func _checkProbe(to i: Int) {
        let mask = slots.count &- 1
        var at = Int(UInt32(truncatingIfNeeded: slots[i])) & mask
        var probes = 0
        while at != i {
            precondition(slots[at] != 0, "an empty slot between slot \(i) and its home")
            at = (at &+ 1) & mask
            probes += 1
        }
        precondition(probes < Self.maxProbes, "slot \(i) is \(probes) probes from its home")
    }
    #endif
}
