/// A fixed set of keys, built once, that answers "which of these is this member's key?" for
/// a `JSONKey` without allocating: the ingest's map from a response key to the selection
/// that answers it.
///
/// Lookup hashes the key's raw bytes and compares them with the stored key's UTF-8; a key
/// written with escapes is decoded first (rare, and then it allocates). Keys are compared by
/// their UTF-8 bytes, so canonically equivalent but differently encoded strings differ, as
/// in JSON. When `keys` repeats a key, the first index wins.
///
/// Immutable: `Sendable`, safe to share between threads.
public struct JSONKeyTable: Sendable {
    /// The keys, in the order given; `index(of:)` answers positions in this array.
    public let keys: [String]
    /// Every key's UTF-8, back to back.
    private let pool: [UInt8]
    /// Open-addressed slots, a power of two in number; `index == -1` marks an empty one.
    private let slots: [Slot]
    /// Where each key's bytes are in `pool`, by position in `keys`; a repeat gets count -1.
    private let ranges: [(start: Int32, count: Int32)]

    private struct Slot: Sendable {
        var hash: UInt32 = 0
        var index: Int32 = -1
        var start: Int32 = 0
        var count: Int32 = 0
    }

    public init(_ keys: some Sequence<String>) {
        let keys = Array(keys)
        var pool: [UInt8] = []
        var capacity = 4
        while capacity < keys.count * 2 { capacity <<= 1 }
        var slots = [Slot](repeating: Slot(), count: capacity)
        let mask = capacity - 1
        var ranges: [(start: Int32, count: Int32)] = []
        ranges.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() {
            let utf8 = Array(key.utf8)
            let hash = utf8.withUnsafeBufferPointer { Self.hash($0) }
            var i = Int(hash) & mask
            var duplicate = false
            while slots[i].index >= 0 {
                let slot = slots[i]
                if slot.hash == hash, pool[Int(slot.start)..<Int(slot.start + slot.count)].elementsEqual(utf8) {
                    duplicate = true
                    break
                }
                i = (i + 1) & mask
            }
            if duplicate {
                ranges.append((0, -1))
                continue
            }
            ranges.append((Int32(pool.count), Int32(utf8.count)))
            slots[i] = Slot(hash: hash, index: Int32(index), start: Int32(pool.count), count: Int32(utf8.count))
            pool.append(contentsOf: utf8)
        }
        self.keys = keys
        self.pool = pool
        self.slots = slots
        self.ranges = ranges
    }

    /// How many keys the table was built from (repeats included).
    public var count: Int { keys.count }

    /// The position in `keys` of the member key `key`, or nil.
    @inline(__always)
    public func index(of key: JSONKey) -> Int? {
        if key.hasEscapes {
            var decoded = key.string
            return decoded.withUTF8 { index(ofUTF8: $0) }
        }
        return index(ofUTF8: key.utf8)
    }

    /// The position in `keys` of `key`, or nil.
    public func index(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { index(ofUTF8: $0) }
    }

    /// The position in `keys` of `key`, trying `expected` first: when members arrive in a
    /// known order this is one comparison and no hashing.
    @inline(__always)
    public func index(of key: JSONKey, expected: Int) -> Int? {
        if !key.hasEscapes, expected >= 0, expected < keys.count, matches(key.utf8, keyAt: expected) {
            return expected
        }
        return index(of: key)
    }

    /// The position in `keys` of the key whose UTF-8 is `utf8`, or nil.
    public func index(ofUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(utf8)
        return slots.withUnsafeBufferPointer { slots -> Int? in
            pool.withUnsafeBufferPointer { pool -> Int? in
                let mask = slots.count &- 1
                var i = Int(hash) & mask
                while true {
                    let slot = slots[i]
                    if slot.index < 0 { return nil }
                    if slot.hash == hash, Int(slot.count) == utf8.count,
                        JSONKey.bytesEqual(
                            UnsafeBufferPointer(rebasing: pool[Int(slot.start)..<Int(slot.start &+ slot.count)]), utf8)
                    {
                        return Int(slot.index)
                    }
                    i = (i &+ 1) & mask
                }
            }
        }
    }

    /// Whether `utf8` is the key at `position` and `position` is where that key is answered.
    @inline(__always)
    private func matches(_ utf8: UnsafeBufferPointer<UInt8>, keyAt position: Int) -> Bool {
        let range = ranges[position]
        guard Int(range.count) == utf8.count else { return false }
        return pool.withUnsafeBufferPointer { pool in
            JSONKey.bytesEqual(
                UnsafeBufferPointer(rebasing: pool[Int(range.start)..<Int(range.start &+ range.count)]), utf8)
        }
    }

    /// A cheap hash of a key's bytes: a word at a time, mixed.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let n = bytes.count
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        guard n > 0, let base = bytes.baseAddress else { return UInt32(truncatingIfNeeded: h >> 32) }
        var i = 0
        while i &+ 8 <= n {
            let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            h = (h ^ w) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            i &+= 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < n {
            tail |= UInt64(base[i]) << shift
            shift &+= 8
            i &+= 1
        }
        h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 29
        return UInt32(truncatingIfNeeded: h)
    }
}
