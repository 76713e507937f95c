import BatonStore
import CSQLite
import Foundation

/// A write transaction's way of putting records' rows: a batch's records in key order, many
/// rows to a statement. Lives for one transaction on the writer's queue.
///
/// SQLite pays per statement a cursor opened and closed, a halt and a search from the
/// table's root; within one statement a key just after the last one lands beside it without
/// a search. So a run of rows goes as statements of ``RecordStatements/sizes`` rows, largest
/// first (898 rows: 28 statements of 32 and one of 2). Keys and rows wait in two buffers and
/// are bound in place, without a copy. Not copyable: it owns its buffers.
struct RecordWriter: ~Copyable {
    var encoder: RowEncoder
    private let database: ImageDatabase
    /// The batch's keys' UTF-8, one after another, and where each ends.
    private var keys = GrowableBytes(capacity: 16 * 1024)
    private var keyEnds: [Int] = []
    /// Where each row of the run being written ends in the encoder's buffer, which holds
    /// them one after another.
    private var rowEnds: [Int] = []
    /// Per row of the run, the index of its key in `keyEnds`.
    private var rowKeys: [Int] = []
    /// The statements this transaction used, by `RecordStatements.sizes` index (merging,
    /// then replacing): found in the connection's cache once a transaction, not once a
    /// statement (its key is the SQL text, 32 rows' of it).
    private var statements: [Statement?] = Array(repeating: nil, count: 2 * RecordStatements.sizes.count)

    init(_ database: ImageDatabase) {
        self.database = database
        encoder = RowEncoder(names: database.names, capacity: 64 * 1024)
    }

    /// Puts the rows of `entries` (records, no root): those whose row the check read this
    /// launch replace it, the others merge over it (``RowMerge``).
    mutating func write(_ entries: [PersistenceBatch.Entry]) throws {
        keys.removeAll()
        keyEnds.removeAll(keepingCapacity: true)
        for entry in entries {
            var text = entry.snapshot.key.rawValue
            text.withUTF8 { keys.append($0) }
            keyEnds.append(keys.count)
        }
        let order = sortedByKey(entries.count)
        for merges in [true, false] {
            encoder.bytes.removeAll()
            rowEnds.removeAll(keepingCapacity: true)
            rowKeys.removeAll(keepingCapacity: true)
            for index in order where entries[index].rowWasRead != merges {
                let snapshot = entries[index].snapshot
                encoder.append(key: snapshot.key)
                for cell in snapshot.cells.indices {
                    try encoder.cell(snapshot.cells[cell].slot, snapshot.cells[cell].value)
                }
                rowEnds.append(encoder.bytes.count)
                rowKeys.append(index)
            }
            try insertRun(merges: merges)
        }
    }

    /// Indices `0..<count` in the order of their keys' bytes (SQLite's order for text): the
    /// first sixteen bytes compared as two numbers, the rest only on a tie.
    private func sortedByKey(_ count: Int) -> [Int] {
        guard count > 1 else { return Array(0..<count) }
        return keys.withUnsafeBytes { bytes -> [Int] in
            var sortable: [SortKey] = []
            sortable.reserveCapacity(count)
            var start = 0
            for index in 0..<count {
                let end = keyEnds[index]
                sortable.append(SortKey(bytes, start..<end, index: index))
                start = end
            }
            let ends = keyEnds
            sortable.sort { a, b in
                if a.head != b.head { return a.head < b.head }
                if a.next != b.next { return a.next < b.next }
                return SortKey.isBefore(a.index, b.index, bytes, ends)
            }
            return sortable.map(\.index)
        }
    }

    /// Inserts the rows gathered in the encoder's buffer, as few statements as ``RecordStatements/sizes``
    /// allow.
    private mutating func insertRun(merges: Bool) throws {
        var done = 0
        while done < rowKeys.count {
            let slot = RecordStatements.sizes.firstIndex { $0 <= rowKeys.count - done }!
            let size = RecordStatements.sizes[slot]
            let statement = try preparedStatement(merges: merges, slot: slot)
            try keys.withUnsafeBytes { keyBytes in
                try encoder.bytes.withUnsafeBytes { rowBytes in
                    try insert(done..<(done + size), statement, keyBytes, rowBytes)
                }
            }
            done += size
        }
    }

    /// The statement of `RecordStatements.sizes[slot]` rows.
    private mutating func preparedStatement(merges: Bool, slot: Int) throws -> Statement {
        let index = merges ? slot : RecordStatements.sizes.count + slot
        if let statement = statements[index] { return statement }
        let sql = merges ? RecordStatements.mergingSQL[slot] : RecordStatements.replacingSQL[slot]
        let statement = try database.connection.cached(sql)
        statements[index] = statement
        return statement
    }

    private func insert(
        _ range: Range<Int>, _ statement: Statement, _ keyBytes: UnsafeRawBufferPointer,
        _ rowBytes: UnsafeRawBufferPointer
    ) throws {
        let handle = statement.handle
        let anywhere = UnsafeRawPointer(bitPattern: 1)!
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        try statement.check(sqlite3_bind_int64(handle, 1, database.launch))
        var parameter: Int32 = 2
        for row in range {
            let key = rowKeys[row]
            let keyStart = key == 0 ? 0 : keyEnds[key - 1]
            let rowStart = row == 0 ? 0 : rowEnds[row - 1]
            // Bound in place (no destructor: SQLite copies nothing); the buffers outlive the step.
            try statement.check(
                sqlite3_bind_text(
                    handle, parameter,
                    (keyBytes.baseAddress ?? anywhere).advanced(by: keyStart)
                        .assumingMemoryBound(to: CChar.self), Int32(keyEnds[key] - keyStart), nil))
            try statement.check(
                sqlite3_bind_blob(
                    handle, parameter + 1, (rowBytes.baseAddress ?? anywhere).advanced(by: rowStart),
                    Int32(rowEnds[row] - rowStart), nil))
            parameter += 2
        }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else { throw database.connection.error(code) }
    }
}

/// A key's place in the sort: its first sixteen bytes as two big-endian numbers (zeros past
/// its end), and its index (its bytes end at `keyEnds[index]`). Three words, so the sort
/// moves little.
private struct SortKey {
    let head: UInt64
    let next: UInt64
    let index: Int

    init(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, index: Int) {
        if range.count >= 16 {
            head = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self))
            next = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: range.lowerBound + 8, as: UInt64.self))
        } else {
            var head: UInt64 = 0
            var next: UInt64 = 0
            for offset in 0..<16 {
                let byte = offset < range.count ? UInt64(bytes[range.lowerBound + offset]) : 0
                if offset < 8 { head = head << 8 | byte } else { next = next << 8 | byte }
            }
            self.head = head
            self.next = next
        }
        self.index = index
    }

    /// For two keys whose first sixteen bytes are equal (zeros standing for missing ones):
    /// whether key `a` sorts before key `b`, by the rest, then the shorter first.
    static func isBefore(_ a: Int, _ b: Int, _ bytes: UnsafeRawBufferPointer, _ ends: [Int]) -> Bool {
        let aStart = a == 0 ? 0 : ends[a - 1]
        let bStart = b == 0 ? 0 : ends[b - 1]
        let aCount = ends[a] - aStart
        let bCount = ends[b] - bStart
        let shared = min(aCount, bCount)
        if shared > 16, let base = bytes.baseAddress {
            let order = memcmp(base + aStart + 16, base + bStart + 16, shared - 16)
            if order != 0 { return order < 0 }
        }
        return aCount < bCount
    }
}

/// The writer's record statements: for each of ``sizes``, one inserting that many rows that
/// merges each over the file's row, and one that replaces it. Prepared and kept by the
/// connection's statement cache. `sizes` is SPI for the benchmarks' floor under the writer,
/// which puts its rows as these statements do.
@_spi(Baton) public enum RecordStatements {
    /// Rows per statement. 32 rows is 65 parameters; longer statements gain little more.
    @_spi(Baton) public static let sizes = [32, 16, 8, 4, 2, 1]

    static let mergingSQL = sizes.map { sql(merges: true, rows: $0) }
    static let replacingSQL = sizes.map { sql(merges: false, rows: $0) }

    /// `?1` is the launch; row i's key and row are `?(2i+2)` and `?(2i+3)`.
    static func sql(merges: Bool, rows: Int) -> String {
        var values = ""
        for row in 0..<rows {
            if row > 0 { values += ", " }
            values += "(?" + String(2 * row + 2)
            values += ", ?" + String(2 * row + 3) + ", ?1)"
        }
        guard merges else { return "INSERT OR REPLACE INTO records(key, row, launch) VALUES \(values)" }
        return """
            INSERT INTO records(key, row, launch) VALUES \(values)
            ON CONFLICT(key) DO UPDATE SET row = \(RowMerge.functionName)(excluded.row, row, key),
                launch = excluded.launch
            """
    }
}
