/// The long strings one walk has made, by their UTF-8 in the response: a text the response
/// repeats (an avatar's URL under every episode of its character) is made once and shared, which
/// spares an allocation per repeat and lets the records share its storage. A string short enough
/// to be stored inline in a `String` is made each time: that is cheaper than finding it.
///
/// Entries point into the reader's buffer, whose zero padding lets them be hashed and compared a
/// word at a time: a table lives no longer than the walk and its reader. Used by one walk, on
/// its task.
struct StringTable {
    private struct Entry {
        var text: UnsafePointer<UInt8>?
        var count: Int
        var hash: UInt32
        var string: String
    }

    /// Open-addressed, a power of two in number; a nil `text` marks an empty entry.
    private var entries = [Entry](repeating: Entry(text: nil, count: 0, hash: 0, string: ""), count: 1024)
    private var count = 0

    /// Longer UTF-8 than this does not fit inline in a `String`.
    private static let inlineLimit = 15

    /// The string of `utf8`, which lies in a reader's buffer and has no escapes.
    @inline(__always)
    mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        guard utf8.count > Self.inlineLimit, let base = utf8.baseAddress else {
            return String(decoding: utf8, as: UTF8.self)
        }
        let hash = JSONKeyTable.hash(padded: utf8)
        let found: String? = entries.withUnsafeBufferPointer { entries in
            let mask = entries.count &- 1
            var i = Int(hash) & mask
            while let text = entries[i].text {
                if entries[i].hash == hash, entries[i].count == utf8.count, JSONKeyTable.paddedEqual(text, utf8) {
                    return entries[i].string
                }
                i = (i &+ 1) & mask
            }
            return nil
        }
        if let found { return found }
        let string = String(decoding: utf8, as: UTF8.self)
        if (count + 1) * 2 > entries.count { grow() }
        insert(Entry(text: base, count: utf8.count, hash: hash, string: string))
        count += 1
        return string
    }

    private mutating func insert(_ entry: Entry) {
        let mask = entries.count &- 1
        var i = Int(entry.hash) & mask
        while entries[i].text != nil { i = (i &+ 1) & mask }
        entries[i] = entry
    }

    private mutating func grow() {
        let old = entries.filter { $0.text != nil }
        entries = [Entry](repeating: Entry(text: nil, count: 0, hash: 0, string: ""), count: entries.count * 2)
        for entry in old { insert(entry) }
    }
}
