import BatonRecords

/// Decodes rows read from the file. Every read is bounds-checked: a row that does not
/// decode yields nil (a miss), never a trap.
struct RowDecoder {
    let bytes: UnsafeRawBufferPointer
    var position = 0
    let names: Names
    /// The key of the record whose row this is, for the strings equal to its type or id;
    /// nil for a root field's row, where those tags do not decode.
    let key: RecordKey?

    init(_ bytes: UnsafeRawBufferPointer, key: RecordKey?, names: Names) {
        self.bytes = bytes
        self.key = key
        self.names = names
    }

    /// Whether a record's row is a tombstone: no bytes, not even the format byte.
    static func isTombstone(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.isEmpty
    }

    /// Decodes a record's row into `scratch` (emptied first), ascending by slot. False, with
    /// `scratch` empty, when the row does not decode or names a field twice.
    static func cells(
        _ bytes: UnsafeRawBufferPointer, key: RecordKey, names: Names, into scratch: CellScratch
    ) -> Bool {
        scratch.removeAll()
        var decoder = RowDecoder(bytes, key: key, names: names)
        guard decoder.byte() == RowFormat.version else { return false }
        while decoder.position < bytes.count {
            guard let id = decoder.varint(), let slot = names.slot(of: Int(truncatingIfNeeded: id)),
                let value = decoder.value(depth: 0)
            else {
                scratch.removeAll()
                return false
            }
            scratch.append(slot, value)
        }
        guard scratch.sortBySlot() else {
            scratch.removeAll()
            return false
        }
        return true
    }

    /// The snapshot of a record's row, or nil when the row does not decode.
    static func record(
        _ bytes: UnsafeRawBufferPointer, key: RecordKey, names: Names, scratch: CellScratch = CellScratch()
    ) -> RecordSnapshot? {
        guard cells(bytes, key: key, names: names, into: scratch) else { return nil }
        return scratch.takeSnapshot(key: key)
    }

    /// The value of a root field's row, or nil when it does not decode.
    static func rootField(_ bytes: UnsafeRawBufferPointer, names: Names) -> Value? {
        var decoder = RowDecoder(bytes, key: nil, names: names)
        guard decoder.byte() == RowFormat.version, let value = decoder.value(depth: 0),
            decoder.position == bytes.count
        else { return nil }
        return value
    }

    /// A record row's cells as name ids and the byte ranges of their values, without
    /// decoding the values (the writer's merge copies them as they are). Nil when the row
    /// does not decode, or names a field twice (as ``record(_:key:names:scratch:)`` has it).
    static func cellRanges(
        _ bytes: UnsafeRawBufferPointer, key: RecordKey, names: Names
    ) -> [(id: Int, range: Range<Int>)]? {
        var decoder = RowDecoder(bytes, key: key, names: names)
        guard decoder.byte() == RowFormat.version else { return nil }
        var cells: [(id: Int, range: Range<Int>)] = []
        var seen: Set<Int> = []
        while decoder.position < bytes.count {
            guard let id = decoder.varint(), names.text(of: Int(truncatingIfNeeded: id)) != nil,
                seen.insert(Int(truncatingIfNeeded: id)).inserted
            else { return nil }
            let start = decoder.position
            guard decoder.value(depth: 0) != nil else { return nil }
            cells.append((Int(id), start..<decoder.position))
        }
        return cells
    }
}
