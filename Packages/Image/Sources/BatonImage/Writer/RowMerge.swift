import BatonRecords
import CSQLite

/// The merge rule as an SQL function, so the writer puts a record's row in one statement
/// whether or not the file has one: `baton_merge_row(new, old, key)` is `new`'s cells, then
/// the cells of `old` that `new` does not write, copied as they are (both rows are `key`'s). An `old` that does not
/// decode (a tombstone, a damaged row) contributes nothing.
///
/// Registered on the image's one connection when it opens, over that file's ``Names``;
/// SQLite calls it on the writer's queue, inside the statement the writer steps, under the
/// image's lock.
enum RowMerge {
    static let functionName = "baton_merge_row"

    /// Registers the function on `connection`. `names` must live as long as the connection
    /// (both belong to one ``ImageDatabase``): SQLite holds it unretained.
    static func register(on connection: Connection, names: Names) throws {
        let code = sqlite3_create_function_v2(
            connection.handle, functionName, 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
            Unmanaged.passUnretained(names).toOpaque(),
            { context, count, arguments in
                guard let context, count == 3, let arguments, let data = sqlite3_user_data(context) else { return }
                let names = Unmanaged<Names>.fromOpaque(data).takeUnretainedValue()
                let new = RowMerge.bytes(arguments[0])
                let old = RowMerge.bytes(arguments[1])
                let key = RecordKey(String(decoding: RowMerge.bytes(arguments[2]), as: UTF8.self))
                let merged = RowMerge.merge(new, over: old, key: key, names: names)
                merged.bytes.withUnsafeBytes { raw in
                    sqlite3_result_blob(
                        context, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, Int32(raw.count),
                        transientDestructor)
                }
            }, nil, nil, nil)
        guard code == SQLITE_OK else { throw connection.error(code) }
    }

    /// `new`'s bytes, then each cell of `old` whose name id `new` has no cell of: the
    /// encoder's ``RowEncoder/bytes``.
    static func merge(
        _ new: UnsafeRawBufferPointer, over old: UnsafeRawBufferPointer, key: RecordKey, names: Names
    ) -> RowEncoder {
        var merged = RowEncoder(names: names)
        merged.bytes.append(new)
        guard let oldCells = RowDecoder.cellRanges(old, key: key, names: names), !oldCells.isEmpty else {
            return merged
        }
        // A row has tens of cells at most: a linear search beats hashing them.
        let written = RowDecoder.cellRanges(new, key: key, names: names)?.map(\.id) ?? []
        for cell in oldCells where !written.contains(cell.id) {
            merged.varint(UInt64(cell.id))
            merged.bytes.append(UnsafeRawBufferPointer(rebasing: old[cell.range]))
        }
        return merged
    }

    /// An argument's bytes, valid for the call.
    private static func bytes(_ value: OpaquePointer?) -> UnsafeRawBufferPointer {
        // The bytes as a blob, a text's too (its UTF-8, no terminator).
        let pointer = sqlite3_value_blob(value)
        let count = Int(sqlite3_value_bytes(value))
        return UnsafeRawBufferPointer(start: count > 0 ? pointer : nil, count: count)
    }
}
