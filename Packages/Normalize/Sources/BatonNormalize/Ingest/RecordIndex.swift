import BatonRecords

/// The walk's index of the records it has identified by type and id (the UTF-8 of the sole key
/// field): an object the response names again (an episode under each of its characters) finds
/// its key and its snapshot's position in the change set without making the key's text or
/// hashing that with `Hasher`.
///
/// Ids point into the reader's buffer: an index lives no longer than the walk and its reader.
/// Positions hold because a walk only appends snapshots (deletions come after it). Used by one
/// walk, on its task.
struct RecordIndex {
    /// A record the index has: its key, its snapshot's position, and its entry, by which its
    /// last read is noted.
    struct Found {
        let key: RecordKey
        let position: Int
        let entry: Int
    }

    /// The last whole read of a record's object: the selection it was read under, where its
    /// text lies, and how many values the walk had replaced by then (`ResponseWalker.replacements`).
    struct LastRead {
        let selection: ObjectIdentifier
        let span: ObjectSpan
        let replacements: Int
    }

    private struct Entry {
        let type: String
        /// The id's UTF-8, in the reader's buffer.
        let id: UnsafePointer<UInt8>
        let idCount: Int
        let key: RecordKey
        let position: Int
        var lastRead: LastRead?
    }

    private var slots: HashSlots
    private var entries: [Entry] = []
    /// The type hashed last and its hash: objects of one type mostly come in runs.
    private var lastType = ""
    private var lastTypeHash: UInt32 = 0

    /// An index sized for `count` records (see `WalkSizes`).
    init(expecting count: Int = 0) {
        slots = HashSlots(expecting: count)
        entries.reserveCapacity(count)
    }

    /// How many records the index has.
    var count: Int { entries.count }

    /// The record `type:id`, if the index has it.
    @inline(__always)
    mutating func find(type: String, id: UnsafeBufferPointer<UInt8>) -> Found? {
        let hash = hash(type: type, id: id)
        let found = entries.withUnsafeBufferPointer { entries in
            slots.first(hash: hash) {
                entries[$0].idCount == id.count && JSONKeyTable.paddedEqual(entries[$0].id, id)
                    && Self.same(entries[$0].type, type)
            }
        }
        guard let found else { return nil }
        return Found(key: entries[found].key, position: entries[found].position, entry: found)
    }

    /// Notes that the record `type:id` has `key` and is at `position` in the change set's
    /// snapshots, and returns its entry; nil when the index has no room for it (it is then
    /// not found again). `id` must lie in the reader's buffer.
    @discardableResult
    mutating func insert(type: String, id: UnsafeBufferPointer<UInt8>, key: RecordKey, position: Int) -> Int? {
        let hash = hash(type: type, id: id)
        guard slots.insert(hash: hash, index: entries.count) else { return nil }
        entries.append(
            Entry(type: type, id: id.baseAddress!, idCount: id.count, key: key, position: position, lastRead: nil))
        #if DEBUG
        _checkInvariants(type: type, id: id)
        #endif
        return entries.count - 1
    }

    /// The last whole read of the record at `entry`, if one was noted.
    @inline(__always)
    func lastRead(of entry: Int) -> LastRead? {
        entries[entry].lastRead
    }

    /// Notes `read` as the last whole read of the record at `entry`.
    @inline(__always)
    mutating func note(_ read: LastRead, of entry: Int) {
        entries[entry].lastRead = read
    }

    #if DEBUG
    /// Traps unless the entry just added is `type:id` (its key that record's) and `find`
    /// answers it. Debug builds only.
    mutating func _checkInvariants(type: String, id: UnsafeBufferPointer<UInt8>) {
        guard let last = entries.last else { preconditionFailure("no entry after an insertion") }
        precondition(
            last.key == RecordKey(type: type, id: String(decoding: id, as: UTF8.self)), "the entry's key is not type:id"
        )
        guard let found = find(type: type, id: id) else { preconditionFailure("find does not answer the entry") }
        precondition(found.position == last.position, "find answers another entry's position")
    }
    #endif

    /// The id's hash (its bytes lie in a reader's buffer, readable a word past their end)
    /// mixed with the type's.
    @inline(__always)
    private mutating func hash(type: String, id: UnsafeBufferPointer<UInt8>) -> UInt32 {
        if type != lastType {
            var text = type
            lastTypeHash = text.withUTF8 { JSONKeyTable.hash(unpadded: $0) } &* 0x9E37_79B9
            lastType = type
        }
        return JSONKeyTable.hash(padded: id) ^ lastTypeHash
    }

    /// Whether `a` and `b` have the same UTF-8.
    @inline(__always)
    private static func same(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { a in b.withUTF8 { b in JSONKey.bytesEqual(a, b) } }
    }

}
