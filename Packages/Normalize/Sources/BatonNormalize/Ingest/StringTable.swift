/// The strings one walk has made, by their UTF-8 in the response: a text the response repeats
/// (an avatar's URL under every episode of its character, a status, a name) is made once and
/// shared, which spares decoding it again, an allocation per repeat of a long one, and lets the
/// records share its storage.
///
/// Entries point into the reader's buffer, whose zero padding lets them be hashed and compared a
/// word at a time: a table lives no longer than the walk and its reader. Used by one walk, on
/// its task.
struct StringTable {
    private struct Entry {
        let text: UnsafePointer<UInt8>
        let count: Int
        let string: String
    }

    /// Open-addressed, a power of two in number: the hash's low half and 1 + the entry's index
    /// in its high half; 0 marks an empty slot.
    private var slots = [UInt64](repeating: 0, count: 1024)
    private var entries: [Entry] = []

    /// The string of `utf8`, which lies in a reader's buffer and has no escapes.
    @inline(__always)
    mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = utf8.baseAddress else { return "" }
        let hash = JSONKeyTable.hash(padded: utf8)
        let found: Int? = slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                let mask = slots.count &- 1
                var i = Int(hash) & mask
                while slots[i] != 0 {
                    if UInt32(truncatingIfNeeded: slots[i]) == hash {
                        let index = Int(slots[i] &>> 32) &- 1
                        if entries[index].count == utf8.count, JSONKeyTable.paddedEqual(entries[index].text, utf8) {
                            return index
                        }
                    }
                    i = (i &+ 1) & mask
                }
                return nil
            }
        }
        if let found { return entries[found].string }
        let string = String(decoding: utf8, as: UTF8.self)
        if (entries.count + 1) * 2 > slots.count { grow() }
        entries.append(Entry(text: base, count: utf8.count, string: string))
        place(UInt64(hash) | UInt64(entries.count) &<< 32)
        return string
    }

    private mutating func place(_ slot: UInt64) {
        let mask = slots.count &- 1
        var i = Int(UInt32(truncatingIfNeeded: slot)) & mask
        while slots[i] != 0 { i = (i &+ 1) & mask }
        slots[i] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        for slot in old where slot != 0 { place(slot) }
    }
}
