import Foundation

/// What the first bytes of a file say about it, read before SQLite opens it, so that a
/// truncated image is recognised (SQLite would only notice when it reads a missing page).
enum FileHeader: Equatable {
    case absent
    /// Something that is not a regular file (a directory, a socket): never read, never removed.
    case notAFile
    /// Not an SQLite database at all: delete and start again.
    case garbage
    /// An SQLite database shorter than its header says, with this application id.
    case truncated(applicationID: Int32)
    /// An SQLite database, plausibly whole, with this application id.
    case sqlite(applicationID: Int32)

    static func inspect(_ path: String) -> FileHeader {
        // `stat` follows a symbolic link to the file SQLite opens.
        var status = stat()
        guard stat(path, &status) == 0 else { return .absent }
        guard status.st_mode & S_IFMT == S_IFREG else { return .notAFile }
        let size = Int(status.st_size)
        if size == 0 { return .absent }
        guard size >= 100, let handle = FileHandle(forReadingAtPath: path) else { return .garbage }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 100), data.count == 100 else { return .garbage }
        let header = [UInt8](data)
        guard header.starts(with: Array("SQLite format 3".utf8) + [0]) else { return .garbage }
        func u32(_ at: Int) -> UInt32 {
            UInt32(header[at]) << 24 | UInt32(header[at + 1]) << 16 | UInt32(header[at + 2]) << 8
                | UInt32(header[at + 3])
        }
        let applicationID = Int32(bitPattern: u32(68))
        let rawPageSize = Int(header[16]) << 8 | Int(header[17])
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return .garbage }
        // The in-header page count is valid when the change counter matches "version valid for".
        let pageCount = Int(u32(28))
        if u32(24) == u32(92), pageCount > 0, size < pageCount * pageSize {
            return .truncated(applicationID: applicationID)
        }
        if size % pageSize != 0 { return .truncated(applicationID: applicationID) }
        return .sqlite(applicationID: applicationID)
    }

    /// Deletes the database file and its WAL, shared-memory and journal files. Only files:
    /// a directory at one of those paths stays.
    static func removeFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            unlink(path + suffix)
        }
    }
}
