import BatonRecords

/// The file's table of names: every storage key and link type name a row mentions, as a
/// file-local integer id (slot numbers belong to a process and never reach the file).
///
/// Loaded whole when the image opens (a few hundred short strings), grown by the writer
/// inside its transaction. Every field argument's value (an id, a cursor) makes a name of its
/// own, and the rows that use one age out: the ageing prunes the names no row uses once
/// enough have come (`ImageDatabase.pruneNames()`). Used under the image's lock, like its
/// ``Connection``.
///
/// The tables skip the dynamic exclusivity check: a read looks them up for every cell and
/// link it decodes, and no access to them overlaps another.
final class Names {
    private let connection: Connection
    @exclusivity(unchecked) private var texts: [String?] = []
    @exclusivity(unchecked) private var ids: [String: Int] = [:]
    /// By slot number: the slot's id + 1, or 0 when not looked up yet.
    @exclusivity(unchecked) private var slotIDs: [Int] = []
    /// By id: the slot the id's text has in this process, once asked for.
    @exclusivity(unchecked) private var slots: [Slot?] = []
    /// Ids at or above this were added in the transaction under way.
    private var committedCount = 0
    /// While the names' pruning decodes rows (`RowDecoder+Names.swift`), the ids of the links'
    /// types and the strings' prefixes the decoding looked up; nil for every read.
    @exclusivity(unchecked) var usesNoted: [Int]?

    /// Loads the names of the file behind `connection`.
    init(connection: Connection) throws {
        self.connection = connection
        let statement = try connection.prepare("SELECT id, text FROM names")
        while try statement.step() {
            let id = Int(statement.int64(0))
            guard id >= 0, id < 1 << 24 else { continue }
            let text = statement.text(1)
            if id >= texts.count { texts.append(contentsOf: repeatElement(nil, count: id + 1 - texts.count)) }
            texts[id] = text
            ids[text] = id
            if Self.isPrefix(text) { prefixCount += 1 }
        }
        slots = Array(repeating: nil, count: texts.count)
        committedCount = texts.count
    }

    /// The id of `text`, or nil when the file has none.
    func existingID(ofText text: String) -> Int? {
        ids[text]
    }

    /// The id of `slot`'s storage key, or nil when the file has none.
    func existingID(of slot: Slot) -> Int? {
        let index = Int(slot.rawValue)
        if index < slotIDs.count, slotIDs[index] != 0 { return slotIDs[index] - 1 }
        guard let id = ids[slot.storageKey] else { return nil }
        remember(slot, id: id)
        return id
    }

    /// The id of `text`, adding it to the file (inside the writer's transaction) on first use.
    func id(ofText text: String) throws -> Int {
        if let id = ids[text] { return id }
        let id = texts.count
        let insert = try connection.cached("INSERT INTO names(id, text) VALUES (?1, ?2)")
        try insert.bind(Int64(id), at: 1)
        try insert.bind(text, at: 2)
        try insert.run()
        texts.append(text)
        slots.append(nil)
        ids[text] = id
        if Self.isPrefix(text) { prefixCount += 1 }
        return id
    }

    /// How many names are string prefixes (texts ending in `/`: no storage key or type name
    /// does), which the encoder adds only up to ``prefixLimit``: the table is loaded whole at
    /// each open and a prefix stays while any row's string uses it, so strings of ever new
    /// prefixes must not grow it.
    private(set) var prefixCount = 0
    static let prefixLimit = 64

    /// The id of the string prefix `text` (ending in `/`): the file's, or added (inside the
    /// writer's transaction) while the file has fewer than ``prefixLimit``; else nil.
    func prefixID(ofText text: String) throws -> Int? {
        if let id = ids[text] { return id }
        guard prefixCount < Self.prefixLimit else { return nil }
        return try id(ofText: text)
    }

    /// The id of `slot`'s storage key, adding it on first use.
    func id(of slot: Slot) throws -> Int {
        if let id = existingID(of: slot) { return id }
        let id = try id(ofText: slot.storageKey)
        remember(slot, id: id)
        return id
    }

    /// By id: where the id's text and a colon (the start of a link's key of that type) sit
    /// in `prefixBytes`, as `start << 16 | count`; 0 until first asked for.
    @exclusivity(unchecked) private var prefixSpans: [Int] = []
    /// The key prefixes' UTF-8, appended as types are first met.
    @exclusivity(unchecked) private var prefixBytes = UnsafeMutableRawBufferPointer.allocate(
        byteCount: 1024, alignment: 8)
    @exclusivity(unchecked) private var prefixUsed = 0

    deinit {
        prefixBytes.deallocate()
    }

    /// The key `type:id` of a link whose type has `typeID`.
    func linkKey(typeID: Int, id: UnsafeRawBufferPointer) -> RecordKey? {
        guard let (start, count) = keyPrefix(typeID) else { return nil }
        return key(prefix: start, count, tail: id.count) { tail in
            tail.copyMemory(from: id.baseAddress!, byteCount: id.count)
        }
    }

    /// By type id, then number: the keys of numeric links made so far, so a record linked
    /// from many rows has its key made once (for numbers below ``numberKeyLimit``).
    @exclusivity(unchecked) private var numberKeys: [ContiguousArray<RecordKey?>] = []
    /// Numbers at or above this are not kept: a table per type stays under 16,384 keys.
    static let numberKeyLimit: UInt64 = 1 << 14

    /// The key `type:n` of a link with a numeric id.
    func linkKey(typeID: Int, number: UInt64) -> RecordKey? {
        guard number < Self.numberKeyLimit, typeID >= 0, typeID < texts.count else {
            return makeLinkKey(typeID: typeID, number: number)
        }
        let index = Int(number)
        if typeID < numberKeys.count, index < numberKeys[typeID].count, let key = numberKeys[typeID][index] {
            return key
        }
        return rememberLinkKey(typeID: typeID, index: index)
    }

    /// Makes the key of a numeric link and keeps it in `numberKeys`.
    @inline(never)
    private func rememberLinkKey(typeID: Int, index: Int) -> RecordKey? {
        guard let key = makeLinkKey(typeID: typeID, number: UInt64(index)) else { return nil }
        if typeID >= numberKeys.count {
            numberKeys.append(contentsOf: repeatElement([], count: typeID + 1 - numberKeys.count))
        }
        if index >= numberKeys[typeID].count {
            let count = min(max(index + 1, numberKeys[typeID].count * 2, 64), Int(Self.numberKeyLimit))
            numberKeys[typeID].append(contentsOf: repeatElement(nil, count: count - numberKeys[typeID].count))
        }
        numberKeys[typeID][index] = key
        return key
    }

    private func makeLinkKey(typeID: Int, number: UInt64) -> RecordKey? {
        guard let (start, count) = keyPrefix(typeID) else { return nil }
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return key(prefix: start, count, tail: digits) { tail in
            var n = number
            var i = digits
            repeat {
                i -= 1
                tail.storeBytes(of: UInt8(ascii: "0") + UInt8(n % 10), toByteOffset: i, as: UInt8.self)
                n /= 10
            } while n > 0
        }
    }

    /// A key of the prefix at `start` and `tail` bytes `writeTail` writes, built in place: a
    /// key of up to 15 bytes, most links', is a string with no allocation of its own.
    @inline(__always)
    private func key(prefix start: Int, _ count: Int, tail: Int, _ writeTail: (UnsafeMutableRawPointer) -> Void)
        -> RecordKey
    {
        let source = prefixBytes.baseAddress! + start
        let text = String(unsafeUninitializedCapacity: count + tail) { buffer in
            let base = UnsafeMutableRawPointer(buffer.baseAddress!)
            base.copyMemory(from: source, byteCount: count)
            if tail > 0 { writeTail(base + count) }
            return count + tail
        }
        return RecordKey(text)
    }

    /// Where the key prefix of `typeID` sits in `prefixBytes`, made on first use.
    private func keyPrefix(_ typeID: Int) -> (start: Int, count: Int)? {
        guard typeID >= 0, typeID < texts.count else { return nil }
        if typeID < prefixSpans.count, prefixSpans[typeID] != 0 {
            let span = prefixSpans[typeID]
            return (span >> 16, span & 0xFFFF)
        }
        guard let text = texts[typeID] else { return nil }
        let prefix = Array(text.utf8) + [UInt8(ascii: ":")]
        guard prefix.count < 0xFFFF else { return nil }
        if prefixUsed + prefix.count > prefixBytes.count {
            // Spans stay valid: they are offsets, and the bytes move with the buffer.
            let grown = UnsafeMutableRawBufferPointer.allocate(
                byteCount: max(prefixBytes.count * 2, prefixUsed + prefix.count), alignment: 8)
            grown.baseAddress!.copyMemory(from: prefixBytes.baseAddress!, byteCount: prefixUsed)
            prefixBytes.deallocate()
            prefixBytes = grown
        }
        let start = prefixUsed
        prefix.withUnsafeBytes {
            (prefixBytes.baseAddress! + start).copyMemory(from: $0.baseAddress!, byteCount: prefix.count)
        }
        prefixUsed += prefix.count
        if prefixSpans.count < texts.count {
            prefixSpans.append(contentsOf: repeatElement(0, count: texts.count - prefixSpans.count))
        }
        prefixSpans[typeID] = start << 16 | prefix.count
        return (start, prefix.count)
    }

    /// The text of `id`, or nil when the file has no such id.
    @inline(__always)
    func text(of id: Int) -> String? {
        id >= 0 && id < texts.count ? texts[id] : nil
    }

    /// The slot of `id`'s text in this process, or nil when the file has no such id.
    @inline(__always)
    func slot(of id: Int) -> Slot? {
        guard id >= 0, id < slots.count else { return nil }
        if let slot = slots[id] { return slot }
        guard let text = texts[id] else { return nil }
        let slot = Slot(text)
        slots[id] = slot
        return slot
    }

    /// How many names the file holds.
    var count: Int { ids.count }

    /// The ids of the names the file holds that `used` lacks: the table is the file's, loaded
    /// at the open and grown by this image's writer.
    func ids(notIn used: Set<Int>) -> [Int] {
        texts.indices.filter { texts[$0] != nil && !used.contains($0) }
    }

    /// The fewest names the ageing prunes the table at (``ImageDatabase/pruneNames()``): a
    /// schema's field names, type names and string prefixes are a few hundred.
    static let pruneFloor = 512

    /// Forgets the names `pruned`, which a committed transaction took out of the file: their
    /// texts, the slots and link keys made of them. A text forgotten and written again gets
    /// a new id; no id is given again while this table lives (a later open's may, as no row
    /// names it).
    func forget(_ pruned: [Int]) {
        guard !pruned.isEmpty else { return }
        for id in pruned where id >= 0 && id < texts.count {
            guard let text = texts[id] else { continue }
            ids[text] = nil
            if Self.isPrefix(text) { prefixCount -= 1 }
            texts[id] = nil
            slots[id] = nil
            if id < prefixSpans.count { prefixSpans[id] = 0 }
            if id < numberKeys.count { numberKeys[id] = [] }
        }
        let gone = Set(pruned)
        for index in slotIDs.indices where slotIDs[index] > 0 && gone.contains(slotIDs[index] - 1) {
            slotIDs[index] = 0
        }
    }

    /// The transaction that added names committed: they stay.
    func commit() {
        committedCount = texts.count
    }

    /// The transaction that added names rolled back: forget them.
    func rollback() {
        guard texts.count > committedCount else { return }
        for id in committedCount..<texts.count {
            guard let text = texts[id] else { continue }
            ids[text] = nil
            if Self.isPrefix(text) { prefixCount -= 1 }
        }
        texts.removeSubrange(committedCount...)
        slots.removeSubrange(committedCount...)
        if prefixSpans.count > committedCount { prefixSpans.removeSubrange(committedCount...) }
        if numberKeys.count > committedCount { numberKeys.removeSubrange(committedCount...) }
        for index in slotIDs.indices where slotIDs[index] > committedCount {
            slotIDs[index] = 0
        }
    }

    private static func isPrefix(_ text: String) -> Bool {
        text.utf8.last == UInt8(ascii: "/")
    }

    private func remember(_ slot: Slot, id: Int) {
        let index = Int(slot.rawValue)
        if index >= slotIDs.count {
            slotIDs.append(contentsOf: repeatElement(0, count: max(index + 1 - slotIDs.count, 64)))
        }
        slotIDs[index] = id + 1
        if id < slots.count, slots[id] == nil { slots[id] = slot }
    }
}
