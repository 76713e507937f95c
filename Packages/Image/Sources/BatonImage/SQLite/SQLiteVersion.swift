import CSQLite

/// The version of the SQLite library the image is linked against, as `3.40.1`.
public var sqliteLibraryVersion: String { String(cString: sqlite3_libversion()) }
