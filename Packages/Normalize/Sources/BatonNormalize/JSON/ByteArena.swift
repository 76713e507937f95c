/// Bytes copied out of a tree's strings into chunks that never move, each zero-filled and a
/// word longer than what it holds, so every copy is readable a word past its end. Owned by one
/// `JSONTreeReader`, which frees it; a repeated key is copied once (``copy(keyAt:)``).
struct ByteArena {
    static let chunkSize = 16 * 1024
    private var chunk: UnsafeMutablePointer<UInt8>?
    private var used = 0
    private var capacity = 0
    private var full: [UnsafeMutablePointer<UInt8>] = []
    /// The copies of keys met before, direct-mapped by the key's bits; allocated at the first key.
    private var keys: UnsafeMutablePointer<KeyCopy>?
    static let keySlots = 256

    /// A key's copy, found again by the bits of the `String` it was made from. Two strings with
    /// the same bits have the same text: a string of up to 15 UTF-8 bytes (most keys) holds
    /// them inline, a longer one names its storage, which the tree keeps alive while its reader
    /// lives.
    struct KeyCopy {
        var bits: (UInt64, UInt64) = (0, 0)
        var copy = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    }

    /// A copy of `text`'s UTF-8, valid until `deallocate()`.
    mutating func copy(_ text: String) -> UnsafeBufferPointer<UInt8> {
        var text = text
        return text.withUTF8 { copy($0) }
    }

    /// A copy of the UTF-8 of the key at `key` (in a tree the reader holds), made once for
    /// every string with its bits (see ``KeyCopy``). A key met before is found by its bits
    /// alone, read in place: the string is not copied out (nor retained) unless it is new.
    @inline(__always)
    mutating func copy(keyAt key: UnsafePointer<String>) -> UnsafeBufferPointer<UInt8> {
        #if _pointerBitWidth(_64)
        let bits = UnsafeRawPointer(key).load(as: (UInt64, UInt64).self)
        let slots = keys ?? makeKeySlots()
        let slot = Int(truncatingIfNeeded: ((bits.0 &+ bits.1 &* 0x2545_F491_4F6C_DD1D) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        if slots[slot].bits == bits, slots[slot].copy.baseAddress != nil { return slots[slot].copy }
        let made = copy(key.pointee)
        slots[slot] = KeyCopy(bits: bits, copy: made)
        return made
        #else
        return copy(key.pointee)
        #endif
    }

    private mutating func makeKeySlots() -> UnsafeMutablePointer<KeyCopy> {
        let slots = UnsafeMutablePointer<KeyCopy>.allocate(capacity: Self.keySlots)
        slots.initialize(repeating: KeyCopy(), count: Self.keySlots)
        keys = slots
        return slots
    }

    mutating func copy(_ utf8: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let count = utf8.count
        if chunk == nil || used + count + 8 > capacity {
            if let chunk { full.append(chunk) }
            capacity = max(Self.chunkSize, count + 8)
            let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            fresh.initialize(repeating: 0, count: capacity)
            chunk = fresh
            used = 0
        }
        let start = chunk! + used
        if let base = utf8.baseAddress { start.update(from: base, count: count) }
        used += count
        return UnsafeBufferPointer(start: start, count: count)
    }

    func deallocate() {
        chunk?.deallocate()
        keys?.deallocate()
        for chunk in full { chunk.deallocate() }
    }
}
