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

    private var slots: HashSlots
    private var entries: [Entry] = []

    /// How many strings the table has.
    var count: Int { entries.count }

    /// A table sized for `count` strings (see `WalkSizes`).
    init(expecting count: Int = 0) {
        slots = HashSlots(expecting: count)
        entries.reserveCapacity(count)
    }

    /// The string of `utf8`, which lies in a reader's buffer and has no escapes.
    @inline(__always)
    mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = utf8.baseAddress else { return "" }
        let hash = JSONKeyTable.hash(padded: utf8)
        let found = entries.withUnsafeBufferPointer { entries in
            slots.first(hash: hash) {
                entries[$0].count == utf8.count && JSONKeyTable.paddedEqual(entries[$0].text, utf8)
            }
        }
        if let found { return entries[found].string }
        let string = String(decoding: utf8, as: UTF8.self)
        if slots.insert(hash: hash, index: entries.count) {
            entries.append(Entry(text: base, count: utf8.count, string: string))
            #if DEBUG
            _checkInvariants(last: utf8)
            #endif
        }
        return string
    }

    #if DEBUG
    /// Traps unless the entry just added is `utf8`'s text and a lookup of `utf8` finds it.
    /// Debug builds only.
    func _checkInvariants(last utf8: UnsafeBufferPointer<UInt8>) {
        guard let last = entries.last else { preconditionFailure("no entry after an insertion") }
        precondition(
            last.count == utf8.count && last.string.utf8.elementsEqual(utf8), "the entry's string is not its text")
        let found = slots.first(hash: JSONKeyTable.hash(padded: utf8)) { $0 == entries.count - 1 }
        precondition(found == entries.count - 1, "the entry is not found under its text's hash")
    }
    #endif
}
