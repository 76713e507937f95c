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

    /// Where the read path decodes a row's cells.
    let scratch = CellScratch()

    /// The read path's statements, prepared once.
    private(set) lazy var selectRecord: Statement? = try? connection.prepare("SELECT row, launch FROM records WHERE key = ?1")

    init(connection: Connection, names: Names, launch: Int64) {
        self.connection = connection
        self.names = names
        self.launch = launch
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
