import Foundation
import CSQLite
import BatonStore

/// The reader a read transaction hands the availability check: rows for keys, on the
/// image's one connection, inside the transaction the image holds open around it.
///
/// Lives only inside ``StoreImage/withReadTransaction(_:)`` on the caller's thread. A row that
/// does not decode, or a read SQLite refuses, is a miss (and a refusal is reported once).
/// Rows it reads from an earlier launch are noted, and the writer moves them to this launch.
/// A row older than ``ImageDatabase/oldestKeptLaunch`` is a miss: a read that comes before
/// the writer's ageing sees what the ageing leaves. A read sees every batch handed to the
/// writer before it, written or not (``QueuedWrites``).
final class ImageReader: PersistenceReader {
    private let database: ImageDatabase?
    private let fault: (ImageError) -> Void
    private(set) var touch = Touch()
    // What every row read uses, held here so a read reaches each in one load.
    private let selectRecord: Statement?
    private let names: Names?
    private let scratch: CellScratch?
    private let launch: Int64
    /// The writer's queue as the read found it, and the transience its batches are written
    /// under: folded into ``queued`` when a read first needs it.
    private let jobs: [ImageFile.Job]
    private let transience: Transience
    private lazy var queued = QueuedWrites(jobs, transience: transience)

    /// A reader over `database` that sees `jobs`, the writer's queue, as written; or one that
    /// misses everything when `database` is nil (the image is unavailable, or the handle is
    /// from before a ``StoreImage/removeAll()``).
    init(
        database: ImageDatabase?, jobs: [ImageFile.Job] = [],
        transience: Transience = Transience(types: [], rootFields: []),
        fault: @escaping (ImageError) -> Void
    ) {
        self.database = database
        self.fault = fault
        self.jobs = database == nil ? [] : jobs
        self.transience = transience
        selectRecord = database?.selectRecord
        names = database?.names
        scratch = database?.scratch
        launch = database?.launch ?? 0
    }

    func snapshot(of key: RecordKey, fields: [Slot]) throws -> RecordSnapshot? {
        guard let database else { return nil }
        let read: RecordSnapshot?
        do {
            read = key.isRoot ? try rootSnapshot(key, fields: fields, database) : try recordSnapshot(key, database)
        } catch let error as ImageError {
            fault(error)
            read = nil
        }
        return key.isRoot ? queued.rootFields(key, fields, over: read) : queued.snapshot(key, over: read)
    }

    func fetchTime(of operation: OperationIdentity) throws -> Date? {
        guard let database else { return nil }
        if let queued = queued.fetchTimes[operation] { return queued }
        do {
            let statement = try database.connection.cached(
                "SELECT fetched, launch FROM operations WHERE name = ?1 AND variables = ?2 AND launch >= ?3")
            defer { statement.reset() }
            try statement.bind(operation.name, at: 1)
            try statement.bind(operation.variables, at: 2)
            try statement.bind(database.oldestKeptLaunch, at: 3)
            guard try statement.step() else { return nil }
            if statement.int64(1) < database.launch { touch.operations.append(operation) }
            return Date(timeIntervalSince1970: statement.double(0))
        } catch let error as ImageError {
            fault(error)
            return nil
        }
    }

    func readRows(_ keys: [RecordKey]) throws -> [RowRead] {
        var found = readFileRows(keys)
        if !queued.records.isEmpty {
            for index in found.indices { found[index] = queued.row(keys[index], over: found[index]) }
        }
        return found
    }

    /// ``readRows(_:)`` from the file alone.
    private func readFileRows(_ keys: [RecordKey]) -> [RowRead] {
        guard let database, let names, let scratch else { return Array(repeating: .absent, count: keys.count) }
        guard keys.count > 1, let statement = database.selectRecords else {
            return keys.map { key in
                do {
                    guard !key.isRoot else { return .absent }
                    switch try readRow(key) {
                    case .decoded: return Self.rowRead(taking: scratch)
                    case .absent: return .absent
                    case .tombstone: return .deleted
                    }
                } catch let error as ImageError {
                    fault(error)
                    return .absent
                } catch {
                    return .absent
                }
            }
        }
        var found = [RowRead](repeating: .absent, count: keys.count)
        let handle = statement.handle
        let code = KeyArray.json(keys).withUnsafeBufferPointer { json -> Int32 in
            let bound = json.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(handle, 1, chars.baseAddress!, Int32(chars.count), nil)
            }
            guard bound == SQLITE_OK else { return bound }
            defer { sqlite3_reset(handle) }
            while true {
                let code = sqlite3_step(handle)
                guard code == SQLITE_ROW else { return code }
                let index = Int(sqlite3_column_int64(handle, 0))
                guard index >= 0, index < keys.count, !keys[index].isRoot else { continue }
                let pointer = sqlite3_column_blob(handle, 1)
                let count = Int(sqlite3_column_bytes(handle, 1))
                let bytes = UnsafeRawBufferPointer(start: count > 0 ? pointer : nil, count: count)
                let read: RowRead
                if RowDecoder.isTombstone(bytes) {
                    read = .deleted
                } else {
                    guard RowDecoder.cells(bytes, key: keys[index], names: names, into: scratch) else { continue }
                    read = Self.rowRead(taking: scratch)
                }
                if sqlite3_column_int64(handle, 2) < launch { touch.keys.append(keys[index].rawValue) }
                found[index] = read
            }
        }
        if code != SQLITE_DONE { fault(database.connection.error(code)) }
        return found
    }

    /// The row decoded into `scratch` as cells, emptying it.
    @inline(__always)
    private static func rowRead(taking scratch: CellScratch) -> RowRead {
        let (slots, values) = scratch.takeCells()
        guard let cells = RowCells(slots: slots, values: values) else { return .absent }
        return .found(cells)
    }

    /// The row of `key` as a snapshot: nil when there is none, it does not decode, or it is
    /// the mark of a deletion (a deleted record has no fields to give).
    private func recordSnapshot(_ key: RecordKey, _ database: ImageDatabase) throws -> RecordSnapshot? {
        guard try readRow(key) == .decoded else { return nil }
        return database.scratch.takeSnapshot(key: key)
    }

    /// What ``readRow(_:)`` found.
    private enum RowBytes {
        /// The row's cells are in the database's scratch.
        case decoded
        /// No row, or one that does not decode.
        case absent
        /// The mark of the record's deletion.
        case tombstone
    }

    /// Decodes the row of `key` into the database's scratch. Calls SQLite directly: the key
    /// is bound in place, without a copy.
    private func readRow(_ key: RecordKey) throws -> RowBytes {
        guard let database else { return .absent }
        guard let selectRecord, let names, let scratch else { throw database.connection.error(SQLITE_ERROR) }
        let handle = selectRecord.handle
        var text = key.rawValue
        let (code, read, older) = text.withUTF8 { utf8 -> (Int32, RowBytes, Bool) in
            let bound = utf8.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(
                    handle, 1, chars.baseAddress ?? UnsafePointer(bitPattern: 1)!, Int32(chars.count), nil)
            }
            guard bound == SQLITE_OK else { return (bound, .absent, false) }
            defer { sqlite3_reset(handle) }
            let code = sqlite3_step(handle)
            guard code == SQLITE_ROW else { return (code, .absent, false) }
            let pointer = sqlite3_column_blob(handle, 0)
            let count = Int(sqlite3_column_bytes(handle, 0))
            let bytes = UnsafeRawBufferPointer(start: count > 0 ? pointer : nil, count: count)
            let older = sqlite3_column_int64(handle, 1) < launch
            if RowDecoder.isTombstone(bytes) { return (SQLITE_ROW, .tombstone, older) }
            guard RowDecoder.cells(bytes, key: key, names: names, into: scratch) else {
                return (SQLITE_DONE, .absent, false)
            }
            return (SQLITE_ROW, .decoded, older)
        }
        switch code {
        case SQLITE_ROW:
            if older { touch.keys.append(key.rawValue) }
            return read
        case SQLITE_DONE: return .absent
        default: throw database.connection.error(code)
        }
    }

    private func rootSnapshot(_ key: RecordKey, fields: [Slot], _ database: ImageDatabase) throws -> RecordSnapshot? {
        var cells: [RecordSnapshot.Cell] = []
        let statement = try database.connection.cached(
            "SELECT value, launch FROM root_fields WHERE root = ?1 AND name = ?2 AND launch >= ?3")
        for slot in fields {
            guard let name = database.names.existingID(of: slot) else { continue }
            statement.reset()
            try statement.bind(key.rawValue, at: 1)
            try statement.bind(Int64(name), at: 2)
            try statement.bind(database.oldestKeptLaunch, at: 3)
            guard try statement.step(), let value = RowDecoder.rootField(statement.blob(0), names: database.names)
            else {
                continue
            }
            if statement.int64(1) < database.launch { touch.rootFields.append((key.rawValue, name)) }
            cells.append(RecordSnapshot.Cell(slot: slot, value: value))
        }
        statement.reset()
        return cells.isEmpty ? nil : RecordSnapshot(key: key, unsortedCells: cells)
    }
}
