/// Why zlib refused to compress or decompress: the zlib return code and its message.
public enum GzipError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `deflateInit2` / `inflateInit2` failed (out of memory or a zlib version mismatch).
    case initializationFailed(code: Int32)
    /// The data is not a valid gzip or zlib stream.
    case corruptData(code: Int32, message: String)
    /// The input ended before the compressed stream did.
    case truncated

    public var description: String {
        switch self {
        case .initializationFailed(let code): "zlib could not start (code \(code))"
        case .corruptData(let code, let message): "corrupt compressed data (zlib code \(code)): \(message)"
        case .truncated: "compressed data ended before the end of its stream"
        }
    }
}
