import Foundation
import CSQLite
import BatonRecords

/// Reads an image without changing it: what `baton-image` shows of a file pulled from a
/// device. Opens read-only (`immutable` when no WAL is beside the file, so not even a
/// shared-memory file is made); never writes. One thread at a time.
public final class ImageInspector {
    /// Counts and ages of an image's rows.
    public struct Stats: Sendable, Hashable {
        /// Records with fields: the `records` table's rows but tombstones.
        public var records: Int
        /// Roots with at least one field (`client:root`, the mutation root...): each is a key
        /// of ``ImageInspector/dump()`` whose fields are root-field rows.
        public var roots: Int
        /// Tombstones: keys the store deleted, which read as a present null.
        public var deleted: Int
        /// Every key ``ImageInspector/dump()`` lists: records, roots and deleted keys.
        public var keys: Int { records + roots + deleted }
        public var rootFields: Int
        public var operations: Int
        public var names: Int
        /// The file's size, and its WAL's when one is beside it.
        public var bytes: Int
        public var walBytes: Int
        /// The launch counter: how many times the image has been opened.
        public var launch: Int64
        /// The last launch that read rows, which the next open ages by: it keeps the rows of
        /// that launch and later ones. Nil when no launch has (the next open then keeps every
        /// row).
        public var activeLaunch: Int64?
        /// Rows (records and root fields) by the launch that last read or wrote them.
        public var rowsByLaunch: [Int64: Int]
        /// The record (or root field) least recently read or written, and its launch.
        public var oldestRow: (key: String, launch: Int64)? {
            get { oldestKey.map { ($0, oldestLaunch) } }
            set { oldestKey = newValue?.key; oldestLaunch = newValue?.launch ?? 0 }
        }
        var oldestKey: String?
        var oldestLaunch: Int64 = 0
        public var version: String?
    }

    public let path: String
    private let connection: Connection
    private let names: Names

    /// Opens `path` read-only; throws if it is not a Baton image of this format.
    public init(path: String) throws {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw ImageError.unavailable(path: path, reason: "no such file")
        }
        let hasWAL = FileManager.default.fileExists(atPath: path + "-wal")
        var uri = "file:"
        for scalar in path.unicodeScalars {
            switch scalar {
            case "?", "#", "%": uri += String(format: "%%%02X", scalar.value)
            default: uri.unicodeScalars.append(scalar)
            }
        }
        uri += hasWAL ? "?mode=ro" : "?mode=ro&immutable=1"
        connection = try Connection(path: uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
        try connection.execute("PRAGMA query_only = 1")
        let applicationID = Int32(truncatingIfNeeded: try connection.integer("PRAGMA application_id"))
        guard applicationID == ImageSchema.applicationID else {
            throw ImageError.notAnImage(path: path, applicationID: applicationID)
        }
        let format = try connection.integer("PRAGMA user_version")
        guard format == ImageSchema.formatVersion else {
            throw ImageError.unavailable(
                path: path, reason: "format \(format), this tool reads format \(ImageSchema.formatVersion)")
        }
        names = try Names(connection: connection)
    }

    public func stats() throws -> Stats {
        func size(_ path: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        }
        var rowsByLaunch: [Int64: Int] = [:]
        let byLaunch = try connection.prepare(
            """
            SELECT launch, count(*) FROM (SELECT launch FROM records UNION ALL SELECT launch FROM root_fields)
            GROUP BY launch
            """)
        while try byLaunch.step() { rowsByLaunch[byLaunch.int64(0)] = Int(byLaunch.int64(1)) }
        // 0 when the file has none, as the open reads it.
        let activeLaunch = try ImageDatabase.metaInteger("activeLaunch", connection)
        var stats = Stats(
            records: Int(try connection.integer("SELECT count(*) FROM records WHERE length(row) > 0")),
            roots: Int(try connection.integer("SELECT count(DISTINCT root) FROM root_fields")),
            deleted: Int(try connection.integer("SELECT count(*) FROM records WHERE length(row) = 0")),
            rootFields: Int(try connection.integer("SELECT count(*) FROM root_fields")),
            operations: Int(try connection.integer("SELECT count(*) FROM operations")),
            names: Int(try connection.integer("SELECT count(*) FROM names")),
            bytes: size(path), walBytes: size(path + "-wal"),
            launch: try ImageDatabase.metaInteger("launch", connection),
            activeLaunch: activeLaunch > 0 ? activeLaunch : nil,
            rowsByLaunch: rowsByLaunch,
            version: try ImageDatabase.metaText("version", connection))
        let oldest = try connection.prepare(
            """
            SELECT key, launch FROM (SELECT key, launch FROM records
            UNION ALL SELECT root || '.' || name, launch FROM root_fields) ORDER BY launch LIMIT 1
            """)
        if try oldest.step() {
            var key = oldest.text(0)
            // A root field's name id, shown as its storage key.
            if let dot = key.lastIndex(of: "."), let id = Int(key[key.index(after: dot)...]),
                let name = names.text(of: id)
            {
                key = String(key[..<dot]) + "." + name
            }
            stats.oldestRow = (key, oldest.int64(1))
        }
        return stats
    }

    /// Every record's key, roots included (a root has a key when it has a field), and every
    /// deleted key.
    public func keys() throws -> [RecordKey] {
        var keys: [RecordKey] = []
        let roots = try connection.prepare("SELECT DISTINCT root FROM root_fields ORDER BY root")
        while try roots.step() { keys.append(RecordKey(roots.text(0))) }
        let records = try connection.prepare("SELECT key FROM records ORDER BY key")
        while try records.step() { keys.append(RecordKey(records.text(0))) }
        return keys
    }

    /// Whether the image holds `key`'s tombstone: the store deleted the record.
    public func isDeleted(_ key: RecordKey) throws -> Bool {
        guard !key.isRoot else { return false }
        let statement = try connection.cached("SELECT length(row) = 0 FROM records WHERE key = ?1")
        defer { statement.reset() }
        try statement.bind(key.rawValue, at: 1)
        return try statement.step() && statement.int64(0) == 1
    }

    /// The record of `key` as the image holds it: nil when it has no row, the row does not
    /// decode, or the record was deleted (``isDeleted(_:)``).
    public func record(_ key: RecordKey) throws -> RecordSnapshot? {
        if key.isRoot {
            let statement = try connection.prepare("SELECT name, value FROM root_fields WHERE root = ?1")
            try statement.bind(key.rawValue, at: 1)
            var cells: [RecordSnapshot.Cell] = []
            while try statement.step() {
                guard let slot = names.slot(of: Int(statement.int64(0))),
                    let value = RowDecoder.rootField(statement.blob(1), names: names)
                else { continue }
                cells.append(.init(slot: slot, value: value))
            }
            return cells.isEmpty ? nil : RecordSnapshot(key: key, unsortedCells: cells)
        }
        let statement = try connection.cached("SELECT row FROM records WHERE key = ?1")
        defer { statement.reset() }
        try statement.bind(key.rawValue, at: 1)
        guard try statement.step() else { return nil }
        return RowDecoder.record(statement.blob(0), key: key, names: names)
    }

    /// What SQLite's `PRAGMA integrity_check` finds wrong with the file's pages and indexes
    /// (a damaged page, an index that disagrees with its table), at most 100 lines; empty when
    /// the file is whole.
    public func integrityProblems() throws -> [String] {
        let statement = try connection.prepare("PRAGMA integrity_check")
        var lines: [String] = []
        while try statement.step() { lines.append(statement.text(0)) }
        return lines == ["ok"] ? [] : lines
    }

    /// Keys of rows (records and root fields) that do not decode.
    public func undecodableRows() throws -> [String] {
        var bad: [String] = []
        let records = try connection.prepare("SELECT key, row FROM records WHERE length(row) > 0")
        while try records.step() {
            let key = records.text(0)
            if RowDecoder.record(records.blob(1), key: RecordKey(key), names: names) == nil { bad.append(key) }
        }
        let roots = try connection.prepare("SELECT root, name, value FROM root_fields")
        while try roots.step() {
            if names.text(of: Int(roots.int64(1))) == nil || RowDecoder.rootField(roots.blob(2), names: names) == nil {
                bad.append(roots.text(0) + "." + String(roots.int64(1)))
            }
        }
        return bad
    }

    /// Every record in Relay's dump spelling (links as `{"__ref": key}`), by key; a deleted
    /// key is `null`, as Relay dumps a deleted record, and a row that does not decode shows
    /// as `{"__undecodable": true}`.
    public func dump() throws -> JSONValue {
        var members: [(String, JSONValue)] = []
        for key in try keys() {
            if let record = try record(key) {
                members.append((key.rawValue, record.relayDump))
            } else {
                members.append((key.rawValue, try isDeleted(key) ? .null : ["__undecodable": true]))
            }
        }
        return .object(members)
    }
}
