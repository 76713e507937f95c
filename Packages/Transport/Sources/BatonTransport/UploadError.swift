import BatonNormalize
import Foundation

/// Why an ``HTTPTransport`` did not send a request carrying files
/// (`GraphQLRequest/uploads`). Each is found before anything goes on the wire.
///
/// Permanent (`TransportFailure.isPermanent`): the same request fails the same way until its
/// files or paths change. A plain value: safe on any thread.
public enum UploadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why a file cannot be sent.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// Nothing exists at the URL.
        case missing
        /// The URL names a directory.
        case isDirectory
        /// The URL is not a `file:` URL.
        case notAFileURL
        /// The file exists but could not be opened or read; the system's words.
        case unreadable(String)

        public var description: String {
            switch self {
            case .missing: "no such file"
            case .isDirectory: "it is a directory"
            case .notAFileURL: "not a file URL"
            case .unreadable(let reason): "cannot read it: \(reason)"
            }
        }
    }

    /// The file of the upload at `path` (`variables.files.1`) cannot be read.
    case unreadableFile(url: URL, path: String, reason: Reason)
    /// An upload's `path` does not start with `variables` or names a member or list index the
    /// request's variables do not hold: put a `null` there.
    case pathNotInVariables(path: String, operationName: String?)
    /// The multipart body could not be written to its temporary file (`directory`).
    case bodyNotWritten(directory: URL, reason: String)
    /// A subscription cannot carry files: it may be retried and resubscribed.
    case subscriptionWithUploads(operationName: String?)

    public var description: String {
        switch self {
        case .unreadableFile(let url, let path, let reason):
            "cannot upload \(url.path) (at \(path)): \(reason)"
        case .pathNotInVariables(let path, let name):
            "the upload path \(path) is not in the variables\(name.map { " of \($0)" } ?? ""): put a null there"
        case .bodyNotWritten(let directory, let reason):
            "cannot write the multipart request body in \(directory.path): \(reason)"
        case .subscriptionWithUploads(let name):
            "subscription \(name ?? "anonymous") carries files: subscriptions cannot upload"
        }
    }
}

extension UploadError: TransportFailure {
    public var isPermanent: Bool { true }
}
