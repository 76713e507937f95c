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
        addNames(noted: names, to: &ids) { cellRanges(bytes, key: key, names: names)?.map(\.id) }
    }

    /// Adds to `ids` the name ids a root field's value uses (its links' and prefixed strings';
    /// the field's own name is its row's `name`). A value that does not decode adds nothing.
    static func addNames(ofRootFieldValue bytes: UnsafeRawBufferPointer, names: Names, to ids: inout Set<Int>) {
        addNames(noted: names, to: &ids) { rootField(bytes, names: names) == nil ? nil : [] }
    }

    /// Runs `decode` with `names` noting the links' types and the strings' prefixes it looks
    /// up (``Names/usesNoted``); when the row decoded (`decode` returns the ids it found
    /// itself), adds those and the noted ones to `ids`.
    private static func addNames(noted names: Names, to ids: inout Set<Int>, _ decode: () -> [Int]?) {
        names.usesNoted = []
        defer { names.usesNoted = nil }
        guard let found = decode() else { return }
        ids.formUnion(found)
        ids.formUnion(names.usesNoted ?? [])
    }
}
