import BatonNormalize
import Foundation

/// Why a server did not run an operation an ``HTTPTransport`` sent as a trusted document
/// (``HTTPTransport/Configuration/usesTrustedDocuments``): the transport never sends the
/// text instead, so these fail the request.
///
/// Permanent (`TransportFailure.isPermanent`): the same id fails until the server is given
/// a manifest that holds it. A plain value: safe on any thread.
public enum TrustedDocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered `PersistedQueryNotFound` for `id` (the SHA-256 of the text the
    /// operation sends): the manifest it runs lacks this operation. Give it the manifest the
    /// app's code was generated with.
    case unknownDocument(url: URL, id: String, operationName: String?)
    /// The server answered `PersistedQueryNotSupported`: it takes no persisted-query ids.
    case notSupported(url: URL, operationName: String?)

    public var description: String {
        switch self {
        case .unknownDocument(let url, let id, let name):
            "\(url.absoluteString) has no trusted document \(id)\(Self.naming(name)): give it the operation manifest the app was built with"
        case .notSupported(let url, let name):
            "\(url.absoluteString) does not accept persisted-query ids\(Self.naming(name)): it cannot run trusted documents"
        }
    }

    private static func naming(_ name: String?) -> String {
        name.map { " (operation \($0))" } ?? ""
    }
}

extension TrustedDocumentError: TransportFailure {
    public var isPermanent: Bool { true }
}
