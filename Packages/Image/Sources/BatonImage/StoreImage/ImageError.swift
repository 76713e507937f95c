import CSQLite
import Foundation

/// Why the image could not do what was asked. Every case names the file.
///
/// The image keeps the store working in memory whatever the error. It reports its first fault
/// through ``StoreImage/Options/onError``, keeps it as ``StoreImage/fault`` and hands it to
/// the store (`Store.persistenceFault`, a `PersistenceFault` wrapping this value); these
/// values are also what ``StoreImage/waitUntilOpen()`` throws and what
/// ``StoreImage/State/failed(_:)`` carries.
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An SQLite call failed: its primary or extended result code and message.
    case sqlite(path: String, code: Int32, message: String)
    /// The file is an SQLite database that is not a Baton image (its `application_id`
    /// differs and it has tables). It is left untouched and the image stays closed.
    case notAnImage(path: String, applicationID: Int32)
    /// The path names something that is not a regular file (a directory, say). It is left
    /// untouched and the image stays closed.
    case notAFile(path: String)
    /// The file's directory did not exist and could not be made: `directory` is the one that
    /// could not be created (or the entry in its place that is not a directory), `errno` the
    /// system's reason (`ENOTDIR`, `EACCES`, `EROFS`, `ENOSPC`). Nothing was removed.
    case directoryNotCreated(path: String, directory: String, errno: Int32)
    /// The image was closed, or the file could not be created.
    case unavailable(path: String, reason: String)
    /// Another process has the image open (an app and its extension over one shared file, a
    /// second copy of a tool): it holds the exclusive lock on `<path>-lock` beside the file.
    /// Nothing was read, removed or written; this image stays closed and the store works in
    /// memory. The holder's lock goes when it closes the image or ends (killed or not), and an
    /// open after that succeeds.
    case heldByAnotherProcess(path: String)
    /// This process has the file open already, through an open that has not closed, in a way
    /// this open cannot share: under another path to the same file, or for another `version`
    /// or with other options; `reason` says which, naming the open one. Opens of one path
    /// with one version and equal options share the file (``StoreImage/open(at:version:options:)``).
    /// Nothing was read, removed or written; this image stays closed and its store works in
    /// memory, while the open one goes on.
    case openInThisProcess(path: String, reason: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .sqlite(let path, _, _), .notAnImage(let path, _), .notAFile(let path),
            .directoryNotCreated(let path, _, _), .unavailable(let path, _), .heldByAnotherProcess(let path),
            .openInThisProcess(let path, _):
            path
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
        case .notAFile(let path):
            "\(path) is not a regular file (a directory?); it was left untouched"
        case .directoryNotCreated(let path, let directory, let errno):
            "the directory \(directory) for the image at \(path) could not be created: \(String(cString: strerror(errno))) (errno \(errno))"
        case .unavailable(let path, let reason):
            "the image at \(path) is unavailable: \(reason)"
        case .heldByAnotherProcess(let path):
            "the image at \(path) is open in another process (it holds \(path)-lock); it was left untouched"
        case .openInThisProcess(let path, let reason):
            "the image at \(path) is open in this process already and cannot be shared: \(reason); it was left untouched"
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
