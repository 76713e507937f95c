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
    /// Each key's `String` as its two words, by position in `keys`: a string with the same
    /// words has the same text (a string of up to 15 UTF-8 bytes holds them inline, a longer
    /// one names its storage, which `keys` keeps alive), so a key a tree holds as a `String`
    /// is matched without reading its bytes (`stringWords(at:)`). Nil for a repeat, whose
    /// lookups answer the first position.
    private let stringWords: [(UInt64, UInt64)?]

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
            let hash = utf8.withUnsafeBufferPointer { Self.hash(unpadded: $0) }
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
        pool.append(contentsOf: repeatElement(0, count: 8))  // so every key can be read a word at a time
        self.keys = keys
        self.pool = pool
        self.slots = slots
        self.ranges = ranges
        #if _pointerBitWidth(_64)
        self.stringWords = zip(keys, ranges).map { $1.count < 0 ? nil : unsafeBitCast($0, to: (UInt64, UInt64).self) }
        #else
        self.stringWords = []  // no string is two 64-bit words: nothing is matched by them
        #endif
        #if DEBUG
        _checkInvariants()
        #endif
    }

    #if DEBUG
    /// Traps unless every key is found at its first position among `keys` (a repeat having
    /// no range of its own), its bytes where its range says, and the slots, a power of two in
    /// number, keep an empty one for a missing key's lookup to stop at. Debug builds only.
    func _checkInvariants() {
        precondition(slots.count.nonzeroBitCount == 1, "slot count \(slots.count) is not a power of two")
        precondition(slots.contains { $0.index < 0 }, "no empty slot")
        precondition(ranges.count == keys.count, "\(ranges.count) ranges for \(keys.count) keys")
        precondition(pool.suffix(8).allSatisfy { $0 == 0 }, "the pool lacks its padding")
        var first: [[UInt8]: Int] = [:]
        for (index, key) in keys.enumerated() {
            let utf8 = Array(key.utf8)
            let expected = first[utf8] ?? index
            first[utf8] = expected
            precondition(self.index(of: key) == expected, "key \(index) is not found at \(expected)")
            let range = ranges[index]
            if expected != index {
                precondition(range.count == -1, "repeated key \(index) has a range")
            } else {
                let stored = pool[Int(range.start)..<Int(range.start + range.count)]
                precondition(stored.elementsEqual(utf8), "key \(index)'s range holds other bytes")
            }
        }
    }
    #endif

    /// How many keys the table was built from (repeats included).
    public var count: Int { keys.count }

    /// The position in `keys` of the member key `key`, or nil.
    @inline(__always)
    public func index(of key: JSONKey) -> Int? {
        if key.hasEscapes {
            var decoded = key.string
            return decoded.withUTF8 { index(ofUTF8: $0) }
        }
        // A key's bytes lie in a reader's buffer, which has zero padding after the text:
        // reading whole words past the key's end is safe.
        return lookUp(key.utf8, hash: Self.hash(padded: key.utf8), padded: true)
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
        if !key.hasEscapes, expected >= 0, expected < ranges.count {
            let range = ranges[expected]
            if Int(range.count) == key.utf8.count,
                pool.withUnsafeBufferPointer({ Self.paddedEqual($0.baseAddress! + Int(range.start), key.utf8) })
            {
                return expected
            }
        }
        return index(of: key)
    }

    /// The two words of the key at `index` as a `String` (see `stringWords`), or nil where
    /// there is no such key or it repeats an earlier one.
    @inline(__always)
    func stringWords(at index: Int) -> (UInt64, UInt64)? {
        guard index >= 0, index < stringWords.count else { return nil }
        return stringWords.withUnsafeBufferPointer { $0[index] }
    }

    /// The position in `keys` of the key whose UTF-8 is `utf8`, or nil.
    public func index(ofUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        lookUp(utf8, hash: Self.hash(unpadded: utf8), padded: false)
    }

    @inline(__always)
    private func lookUp(_ utf8: UnsafeBufferPointer<UInt8>, hash: UInt32, padded: Bool) -> Int? {
        slots.withUnsafeBufferPointer { slots -> Int? in
            pool.withUnsafeBufferPointer { pool -> Int? in
                let mask = slots.count &- 1
                var i = Int(hash) & mask
                while true {
                    let slot = slots[i]
                    if slot.index < 0 { return nil }
                    if slot.hash == hash, Int(slot.count) == utf8.count {
                        let stored = pool.baseAddress! + Int(slot.start)
                        if padded
                            ? Self.paddedEqual(stored, utf8)
                            : JSONKey.bytesEqual(UnsafeBufferPointer(start: stored, count: utf8.count), utf8)
                        {
                            return Int(slot.index)
                        }
                    }
                    i = (i &+ 1) & mask
                }
            }
        }
    }

    /// Whether the `key.count` bytes at `stored` equal `key`, both readable a word past their end.
    @inline(__always)
    static func paddedEqual(_ stored: UnsafePointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = key.count
        guard n > 0, let base = key.baseAddress else { return true }
        var i = 0
        while i < n {
            let a = UInt64(littleEndian: UnsafeRawPointer(stored + i).loadUnaligned(as: UInt64.self))
            let b = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let left = n &- i
            let mask: UInt64 = left >= 8 ? ~0 : (1 &<< UInt64(left &* 8)) &- 1
            if (a ^ b) & mask != 0 { return false }
            i &+= 8
        }
        return true
    }

    /// A cheap hash of a key's bytes, a word at a time, for bytes that may be read a whole
    /// word past their end. Equal to `hash(unpadded:)` of the same bytes.
    @inline(__always)
    static func hash(padded bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let n = bytes.count
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        guard n > 0, let base = bytes.baseAddress else { return finish(h, tail: 0) }
        var i = 0
        while i &+ 8 <= n {
            h = mix(h, UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)))
            i &+= 8
        }
        let left = n &- i
        if left == 0 { return finish(h, tail: 0) }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
        return finish(h, tail: word & ((1 &<< UInt64(left &* 8)) &- 1))
    }

    /// The same hash for bytes that must not be read past their end.
    static func hash(unpadded bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let n = bytes.count
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        guard n > 0, let base = bytes.baseAddress else { return finish(h, tail: 0) }
        var i = 0
        while i &+ 8 <= n {
            h = mix(h, UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)))
            i &+= 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < n {
            tail |= UInt64(base[i]) &<< shift
            shift &+= 8
            i &+= 1
        }
        return finish(h, tail: tail)
    }

    @inline(__always)
    private static func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
        let m = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
        return m ^ (m &>> 31)
    }

    @inline(__always)
    private static func finish(_ h: UInt64, tail: UInt64) -> UInt32 {
        let m = (h ^ tail) &* 0x94D0_49BB_1331_11EB
        return UInt32(truncatingIfNeeded: m ^ (m &>> 29))
    }
}
