import CSQLite

/// The open image file: its one connection, its names and the current launch.
///
/// Not `Sendable`: it lives inside ``ImageFile`` and is used only under that file's lock,
/// by the writer's queue and by read transactions on the caller's thread, one at a time.
final class ImageDatabase {
    let connection: Connection
    let names: Names
    /// This open's launch: one more than the last open's.
    let launch: Int64
    /// The oldest launch whose rows this launch keeps: the last launch before it that read
    /// rows (meta `activeLaunch`; 0, every row, in a file where none has). Rows neither read
    /// nor written during the whole of that launch are the ageing's at the open of launch N,
    /// and a launch that read no row (an app woken or prewarmed in the background, a
    /// background refresh that only wrote) ages nothing: the rows it wrote are its own, newer
    /// than that launch's, and stay beside them. Reads ask for no row older, so none sees a
    /// row the ageing (which may not have run yet) drops.
    let oldestKeptLaunch: Int64
    /// Whether a committed touch of this launch recorded it as the file's `activeLaunch`
    /// (`touch(_:)`, in ImageDatabase+Write.swift).
    var activeLaunchRecorded = false

    /// Where the read path decodes a row's cells.
    let scratch = CellScratch()

    /// The read path's statements, prepared once; each reads only rows the ageing keeps.
    private(set) lazy var selectRecord: Statement? = try? connection.prepare(
        "SELECT row, launch FROM records WHERE key = ?1 AND launch >= \(oldestKeptLaunch)")
    /// The rows of the keys of a JSON array, in its order (`j.key` is the position): one
    /// statement for a level of the check, each key one search of the table, no cursor
    /// opened again per key. Nil when SQLite lacks `json_each`.
    private(set) lazy var selectRecords: Statement? = try? connection.prepare(
        "SELECT j.key, r.row, r.launch FROM json_each(?1) AS j CROSS JOIN records AS r ON r.key = j.value"
            + " WHERE r.launch >= \(oldestKeptLaunch)")

    init(connection: Connection, names: Names, launch: Int64, oldestKeptLaunch: Int64) {
        self.connection = connection
        self.names = names
        self.launch = launch
        self.oldestKeptLaunch = oldestKeptLaunch
    }

    var path: String { connection.path }

    /// Bytes the file's live pages take: what the size limit is held to.
    func usedBytes() throws -> Int64 {
        let pages = try connection.integer("PRAGMA page_count") - connection.integer("PRAGMA freelist_count")
        return pages * (try connection.integer("PRAGMA page_size"))
    }

    func close() {
        connection.close()
    }
}
