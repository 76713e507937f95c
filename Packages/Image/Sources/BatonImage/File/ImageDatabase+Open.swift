import CSQLite
import Foundation

extension ImageDatabase {
    /// Opens the image at `path` for the app's `version`, starting a new launch.
    ///
    /// A missing directory is made first (``ImageDirectory``). Garbage, a truncated file (not
    /// one a crash left in the middle of a checkpoint: its WAL completes it), another format
    /// or another app version: the file is deleted and started again. An
    /// SQLite database that is not an image, or something that is not a file: left untouched,
    /// and ``ImageError/notAnImage(path:applicationID:)`` or ``ImageError/notAFile(path:)``
    /// is thrown. With a `protection`, the file opens with its SQLite flag and, where files are
    /// protected (``ImageFileProtection``), the database, its `-wal` and `-shm` and the lock
    /// file get it.
    /// Runs on the open's thread or the first reader's (`ImageFile.openUnlessTaken()`), with
    /// the writer's queue suspended behind it.
    static func open(path: String, version: String, protection: StoreImage.FileProtection? = nil) throws
        -> ImageDatabase
    {
        try ImageDirectory.create(for: path)
        switch FileHeader.inspect(path) {
        case .notAFile: throw ImageError.notAFile(path: path)
        case .absent: FileHeader.removeFiles(path)
        case .garbage: FileHeader.removeFiles(path)
        case .truncated(let applicationID):
            guard applicationID == ImageSchema.applicationID || applicationID == 0 else {
                throw ImageError.notAnImage(path: path, applicationID: applicationID)
            }
            if !finishesInterruptedCheckpoint(path) { FileHeader.removeFiles(path) }
        case .sqlite: break
        }
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | ImageFileProtection.openFlag(for: protection)
        let database: ImageDatabase
        do {
            database = try openChecked(path: path, version: version, flags: flags, mayRestart: true)
        } catch let error as ImageError where error.isCorruption {
            FileHeader.removeFiles(path)
            database = try openChecked(path: path, version: version, flags: flags, mayRestart: false)
        }
        guard let protection, ImageFileProtection.isEnforced else { return database }
        do {
            try ImageFileProtection.protect(path, as: protection)
        } catch {
            database.close()
            throw error
        }
        return database
    }

    /// A crash during a checkpoint can leave the file shorter than its header says (page 1
    /// copied, the pages that grow the file not yet) while the WAL beside it still holds
    /// every page. SQLite's recovery finishes the checkpoint; true when the file is whole
    /// after it, false (the file is truncated after all) when it is not or there is no WAL.
    private static func finishesInterruptedCheckpoint(_ path: String) -> Bool {
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber
        guard let wal, wal.intValue > 0 else { return false }
        do {
            let connection = try Connection(path: path, flags: SQLITE_OPEN_READWRITE)
            defer { connection.close() }
            let checkpoint = try connection.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
            guard try checkpoint.step(), checkpoint.int64(0) == 0 else { return false }
        } catch {
            return false
        }
        if case .sqlite = FileHeader.inspect(path) { return true }
        return false
    }

    private static func openChecked(path: String, version: String, flags: Int32, mayRestart: Bool) throws
        -> ImageDatabase
    {
        let connection = try Connection(path: path, flags: flags)
        let applicationID = Int32(truncatingIfNeeded: try connection.integer("PRAGMA application_id"))
        let launch: Int64
        var oldestKeptLaunch: Int64 = 0
        if applicationID == ImageSchema.applicationID {
            let format = try connection.integer("PRAGMA user_version")
            let stored = format == ImageSchema.formatVersion ? try? metaText("version", connection) : nil
            if format != ImageSchema.formatVersion || stored != version {
                guard mayRestart else {
                    throw ImageError.unavailable(path: path, reason: "the new image could not be marked")
                }
                connection.close()
                FileHeader.removeFiles(path)
                return try openChecked(path: path, version: version, flags: flags, mayRestart: false)
            }
            try configure(connection)
            // One more than the last open's. The open writes nothing, so a check waiting for
            // it waits for no sync: the writer's first job records it (`age(sizeLimit:)`).
            launch = try metaInteger("launch", connection) + 1
            let active = try metaInteger("activeLaunch", connection)
            oldestKeptLaunch = active > 0 ? min(active, launch - 1) : 0
        } else if try applicationID != 0 || Self.holdsTables(connection) {
            connection.close()
            throw ImageError.notAnImage(path: path, applicationID: applicationID)
        } else {
            try connection.execute("PRAGMA page_size = 4096; PRAGMA auto_vacuum = INCREMENTAL")
            try configure(connection)
            try connection.writeTransaction {
                try connection.execute(ImageSchema.create)
                try setMeta("version", text: version, connection)
                try setMeta("launch", integer: 1, connection)
            }
            launch = 1
        }
        let names = try Names(connection: connection)
        try RowMerge.register(on: connection, names: names)
        return ImageDatabase(connection: connection, names: names, launch: launch, oldestKeptLaunch: oldestKeptLaunch)
    }

    /// Whether a file without the image's application id holds tables: another program's
    /// database, not a new file. Asked of such a file only: an image's own open skips the
    /// statement (`launch_to_hydrated_ms` about 0.1 ms less, medians of 21 launches in seven
    /// rounds interleaved with the binary before).
    private static func holdsTables(_ connection: Connection) throws -> Bool {
        try connection.integer("SELECT count(*) FROM sqlite_master") > 0
    }

    /// WAL, `synchronous=NORMAL`, no forced flush at a checkpoint: a crash may lose the last
    /// moments, never the file's consistency. Temporary storage in memory: a statement's
    /// journal (which SQLite keeps for an `UPDATE` of many rows inside a transaction, as each
    /// launch's touch of the rows it read is) otherwise goes to a file in the system's
    /// temporary directory once it passes 64 KiB, as the touch of the 898 rows of the
    /// benchmarks' fixture did at every launch: 65 KB written to a new file and removed.
    private static func configure(_ connection: Connection) throws {
        let mode = try connection.prepare("PRAGMA journal_mode = WAL")
        _ = try mode.step()
        guard mode.text(0).lowercased() == "wal" else {
            throw ImageError.unavailable(path: connection.path, reason: "the file cannot be put in WAL mode")
        }
        try connection.execute(
            "PRAGMA synchronous = NORMAL; PRAGMA checkpoint_fullfsync = OFF; PRAGMA fullfsync = OFF; "
                + "PRAGMA temp_store = MEMORY")
    }

    static func metaText(_ name: String, _ connection: Connection) throws -> String? {
        let statement = try connection.cached("SELECT value FROM meta WHERE name = ?1")
        defer { statement.reset() }
        try statement.bind(name, at: 1)
        return try statement.step() && !statement.isNull(0) ? statement.text(0) : nil
    }

    static func metaInteger(_ name: String, _ connection: Connection) throws -> Int64 {
        let statement = try connection.cached("SELECT value FROM meta WHERE name = ?1")
        defer { statement.reset() }
        try statement.bind(name, at: 1)
        return try statement.step() ? statement.int64(0) : 0
    }

    private static func setMeta(_ name: String, text: String, _ connection: Connection) throws {
        let statement = try connection.cached("INSERT OR REPLACE INTO meta(name, value) VALUES (?1, ?2)")
        try statement.bind(name, at: 1)
        try statement.bind(text, at: 2)
        try statement.run()
    }

    static func setMeta(_ name: String, integer: Int64, _ connection: Connection) throws {
        let statement = try connection.cached("INSERT OR REPLACE INTO meta(name, value) VALUES (?1, ?2)")
        try statement.bind(name, at: 1)
        try statement.bind(integer, at: 2)
        try statement.run()
    }
}
