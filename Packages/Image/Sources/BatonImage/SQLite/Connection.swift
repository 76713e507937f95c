import CSQLite
import Foundation

/// One SQLite connection, a thin wrapper over `sqlite3*`: statements are prepared once and
/// kept, and every failure is an ``ImageError`` carrying the result code and message.
///
/// Not thread-safe and not `Sendable`: the image's lock serializes every use (the writer's
/// queue and the main actor's read transactions take turns on this one connection).
@_spi(Baton) public final class Connection {
    let path: String
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// Opens `path` with `flags` (`SQLITE_OPEN_*`). `SQLITE_OPEN_NOMUTEX` is always added:
    /// the image serializes the connection itself.
    @_spi(Baton) public init(path: String, flags: Int32) throws {
        self.path = path
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if let db { sqlite3_close_v2(db) }
            throw ImageError.sqlite(path: path, code: code, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    private var isClosed = false

    deinit {
        close()
    }

    /// Finalizes the statements and closes the connection (the last connection to a WAL
    /// file checkpoints it and removes the WAL). Idempotent.
    @_spi(Baton) public func close() {
        guard !isClosed else { return }
        isClosed = true
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// The error for `code`, with the connection's current message.
    func error(_ code: Int32) -> ImageError {
        .sqlite(path: path, code: code, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs one or more statements that return no rows the caller wants.
    @_spi(Baton) public func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// A new statement, owned by the caller.
    @_spi(Baton) public func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code) }
        return Statement(statement, connection: self)
    }

    /// The statement for `sql`, prepared on first use and reused; reset before it is returned.
    func cached(_ sql: String) throws -> Statement {
        if let statement = statements[sql] {
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        statements[sql] = statement
        return statement
    }

    /// The first column of the first row of `sql`, as an integer (0 when there is no row).
    func integer(_ sql: String) throws -> Int64 {
        let statement = try cached(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.int64(0) : 0
    }

    /// Whether the file the connection opened is no longer at its path (deleted, or another
    /// file renamed over it). SQLite goes on writing to the orphaned file without an error.
    var fileHasMoved: Bool {
        var moved: Int32 = 0
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK else { return false }
        return moved != 0
    }

    /// Closes a connection whose file has moved (``fileHasMoved``), and removes its WAL if
    /// the WAL is still the one at its path.
    ///
    /// SQLite closes a moved database without a checkpoint and leaves its WAL behind; the
    /// next open at the path would replay those frames into whatever file is there now (a
    /// replacement, or a new image). A WAL that has itself been deleted or replaced is not
    /// this connection's and is left alone.
    func closeMoved() {
        guard !isClosed else { return }
        var walStillHere = false
        var journal: UnsafeMutablePointer<sqlite3_file>?
        if sqlite3_file_control(handle, "main", SQLITE_FCNTL_JOURNAL_POINTER, &journal) == SQLITE_OK,
            let journal, let methods = journal.pointee.pMethods, let fileControl = methods.pointee.xFileControl
        {
            var moved: Int32 = 0
            walStillHere = fileControl(journal, SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved == 0
        }
        let wal = sqlite3_db_filename(handle, "main").flatMap { sqlite3_filename_wal($0) }.map { String(cString: $0) }
        close()
        if walStillHere, let wal { try? FileManager.default.removeItem(atPath: wal) }
    }

    /// Whether the connection is inside a transaction.
    var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
    @_spi(Baton) public func writeTransaction<R>(_ body: () throws -> R) throws -> R {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if inTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }
}
