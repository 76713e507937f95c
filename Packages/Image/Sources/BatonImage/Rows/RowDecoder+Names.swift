import BatonRecords

/// The names a row uses, for the pruning of the file's names table (`pruneNames()`): found by
/// decoding the row as a read does, so a name is kept whenever a read of the row needs it.
extension RowDecoder {
    /// Adds to `ids` the name ids a record's row uses: each cell's (``cellRanges(_:key:names:)``,
    /// the merge's walk of a row), and those its values' links and prefixed strings name. A
    /// row that does not decode adds nothing: no read or merge can use it, and it never will
    /// decode, as names leave the file only unused.
    static func addNames(
        ofRecordRow bytes: UnsafeRawBufferPointer, key: RecordKey, names: Names, to ids: inout Set<Int>
    ) {
        names.usesNoted = []
        defer { names.usesNoted = nil }
        guard let cells = cellRanges(bytes, key: key, names: names) else { return }
        ids.formUnion(cells.lazy.map(\.id))
        ids.formUnion(names.usesNoted ?? [])
    }

    /// Adds to `ids` the name ids a root field's value uses (its links' and prefixed strings';
    /// the field's own name is its row's `name`). A value that does not decode adds nothing.
    static func addNames(ofRootFieldValue bytes: UnsafeRawBufferPointer, names: Names, to ids: inout Set<Int>) {
        names.usesNoted = []
        defer { names.usesNoted = nil }
        var decoder = RowDecoder(bytes, key: nil, names: names)
        guard decoder.byte() == RowFormat.version, decoder.value(depth: 0) != nil, decoder.position == bytes.count
        else { return }
        ids.formUnion(names.usesNoted ?? [])
    }
}
