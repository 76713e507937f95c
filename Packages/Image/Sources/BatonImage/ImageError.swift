import CSQLite

/// Why the image could not do what was asked. Every case names the file.
///
/// The image reports a fault once, through ``StoreImage/Options/onError``, and keeps the store
/// working in memory; these values are also what ``StoreImage/waitUntilOpen()`` throws.
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An SQLite call failed: its primary or extended result code and message.
    case sqlite(path: String, code: Int32, message: String)
    /// The file is an SQLite database that is not a Baton image (its `application_id`
    /// differs and it has tables). It is left untouched and the image stays closed.
    case notAnImage(path: String, applicationID: Int32)
    /// The image was closed, or the file could not be created.
    case unavailable(path: String, reason: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .sqlite(let path, _, _), .notAnImage(let path, _), .unavailable(let path, _): path
        }
    }

    /// The SQLite result code, when SQLite gave one.
    public var code: Int32? {
        if case .sqlite(_, let code, _) = self { return code }
        return nil
    }

    public var description: String {
        switch self {
        case .sqlite(let path, let code, let message):
            "SQLite error \(code) (\(String(cString: sqlite3_errstr(code)))) on \(path): \(message)"
        case .notAnImage(let path, let applicationID):
            "\(path) is an SQLite database that is not a Baton image (application_id \(applicationID)); it was left untouched"
        case .unavailable(let path, let reason):
            "the image at \(path) is unavailable: \(reason)"
        }
    }

    /// Whether the error says the file's bytes cannot be read as a database (garbage, a
    /// truncated or damaged file): such a file is deleted and started again.
    var isCorruption: Bool {
        guard let code else { return false }
        let primary = code & 0xff
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }
}
