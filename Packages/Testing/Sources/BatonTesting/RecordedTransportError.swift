import Foundation

/// Why a ``RecordedTransport`` could not answer a request.
public enum RecordedTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file in `directory` answers this operation with these variables: neither the file
    /// for exactly these variables nor the operation's fallback. `variables` is their
    /// canonical JSON text; `tried` lists the file names looked for, the most specific first.
    case noRecordedResponse(operationName: String?, variables: String, directory: URL, tried: [String])
    /// A file answers the request but could not be read.
    case unreadableResponse(file: URL, reason: String)

    public var description: String {
        switch self {
        case .noRecordedResponse(let operationName, let variables, let directory, let tried):
            "no recorded response for operation \(operationName ?? "(anonymous)") with variables \(variables) in \(directory.path) (looked for \(tried.joined(separator: ", ")))"
        case .unreadableResponse(let file, let reason):
            "the recorded response \(file.path) could not be read: \(reason)"
        }
    }
}
