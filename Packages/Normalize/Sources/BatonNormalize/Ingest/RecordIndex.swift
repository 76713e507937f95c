import BatonRecords

/// The walk's index from an identified object's type and id (the UTF-8 of its sole key field)
/// to the position of its snapshot in the change set: an object the response names again (an
/// episode under each of its characters) is found without making its key's text or hashing
/// that with `Hasher`.
///
/// An entry is checked against the snapshot's key before it is used, so a stale or colliding
/// one is a miss, never another record. Used by one walk, on its task.
struct RecordIndex {
    /// Open-addressed, a power of two in number; 0 marks an empty entry.
    private var hashes: [UInt64] = Array(repeating: 0, count: 256)
    private var positions: [Int] = Array(repeating: 0, count: 256)
    private var count = 0

    /// The position in `changes.snapshots` of the record `type:id`, if the index knows it.
    func position(type: UnsafeBufferPointer<UInt8>, id: UnsafeBufferPointer<UInt8>, in changes: ChangeSet) -> Int? {
        let hash = Self.hash(type: type, id: id)
        let mask = hashes.count &- 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while hashes[i] != 0 {
            if hashes[i] == hash {
                let position = positions[i]
                if position < changes.snapshots.count,
                    Self.key(changes.snapshots[position].key, is: type, id: id) {
                    return position
                }
            }
            i = (i &+ 1) & mask
        }
        return nil
    }

    /// Notes that the record `type:id` is at `position` in the change set's snapshots.
    mutating func insert(type: UnsafeBufferPointer<UInt8>, id: UnsafeBufferPointer<UInt8>, position: Int) {
        if (count + 1) * 2 > hashes.count { grow() }
        place(Self.hash(type: type, id: id), position)
        count += 1
    }

    private mutating func place(_ hash: UInt64, _ position: Int) {
        let mask = hashes.count &- 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while hashes[i] != 0 { i = (i &+ 1) & mask }
        hashes[i] = hash
        positions[i] = position
    }

    private mutating func grow() {
        let old = zip(hashes, positions).filter { $0.0 != 0 }
        hashes = Array(repeating: 0, count: hashes.count * 2)
        positions = Array(repeating: 0, count: positions.count * 2)
        for (hash, position) in old { place(hash, position) }
    }

    /// FNV-1a over `type`, `:` and `id`, never 0; its high half folded into the low one, which
    /// picks the entry.
    @inline(__always)
    private static func hash(type: UnsafeBufferPointer<UInt8>, id: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in type { h = (h ^ UInt64(byte)) &* prime }
        h = (h ^ UInt64(UInt8(ascii: ":"))) &* prime
        for byte in id { h = (h ^ UInt64(byte)) &* prime }
        h ^= h &>> 32
        return h == 0 ? 1 : h
    }

    /// Whether `key`'s text is `type:id`.
    private static func key(_ key: RecordKey, is type: UnsafeBufferPointer<UInt8>, id: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = key.rawValue
        return text.withUTF8 { text in
            text.count == type.count &+ 1 &+ id.count
                && JSONKey.bytesEqual(UnsafeBufferPointer(rebasing: text[..<type.count]), type)
                && text[type.count] == UInt8(ascii: ":")
                && JSONKey.bytesEqual(UnsafeBufferPointer(rebasing: text[(type.count &+ 1)...]), id)
        }
    }
}
