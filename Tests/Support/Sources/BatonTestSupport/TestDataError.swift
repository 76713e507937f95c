/// Why a file of the test data could not be given.
public enum TestDataError: Error, CustomStringConvertible, Sendable {
    /// The file at `path` (under `directory`) could not be read.
    case unreadable(path: String, directory: String, reason: String)
    /// The file at `path` is not UTF-8 text.
    case notUTF8(path: String, byteCount: Int)

    public var description: String {
        switch self {
        case .unreadable(let path, let directory, let reason):
            "test data \(path) under \(directory) could not be read: \(reason)"
        case .notUTF8(let path, let byteCount):
            "test data \(path) (\(byteCount) bytes) is not UTF-8 text"
        }
    }
}
