import BatonNormalize
import BatonRecords
import Foundation

/// A `Transport` that answers from response files in a directory: for tests, previews and
/// examples that must not touch the network.
///
/// File naming (all in `directory`, no subfolders):
/// - `<OperationName>.<variablesKey>.json` answers that operation with exactly those variables;
/// - `<OperationName>.json` answers that operation with any variables (the fallback).
///
/// `variablesKey` is the first 16 hex digits of the SHA-256 of the variables' canonical
/// JSON text (compact, keys sorted at every level; `{}` when there are none) — see
/// `variablesKey(_:)` and `fileNames(for:)`. An anonymous operation is named `anonymous`.
/// A file holds the response body as the server sent it; `payloads(for:)` yields it once.
/// A request with no file fails with ``RecordedTransportError/noRecordedResponse(operationName:variables:directory:tried:)``, naming the
/// operation, its variables and the files looked for.
///
/// Immutable: safe on any thread. Reads the file on each request.
public struct RecordedTransport: Transport {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The variables' canonical JSON text: compact, keys sorted.
    public static func canonicalVariables(_ variables: [String: JSONValue]) -> String {
        JSONValue.object(variables).jsonText(sortedKeys: true)
    }

    /// The 16-hex-digit key of `variables` in file names.
    public static func variablesKey(_ variables: [String: JSONValue]) -> String {
        String(SHA256.hexDigest(canonicalVariables(variables)).prefix(16))
    }

    /// The file names that may answer `request`, the most specific first.
    public static func fileNames(for request: GraphQLRequest) -> [String] {
        let name = request.operationName ?? "anonymous"
        return ["\(name).\(variablesKey(request.variables)).json", "\(name).json"]
    }

    public func send(_ request: GraphQLRequest) async throws -> Data {
        try Task.checkCancellation()
        return try response(for: request)
    }

    /// The recorded body that answers `request`, read now: what ``send(_:)`` returns, for a
    /// caller that cannot wait (a preview seeding its store).
    ///
    /// - Throws: ``RecordedTransportError`` when no file answers or the file cannot be read.
    public func response(for request: GraphQLRequest) throws(RecordedTransportError) -> Data {
        let names = Self.fileNames(for: request)
        for name in names {
            let file = directory.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            do {
                return try Data(contentsOf: file)
            } catch {
                throw RecordedTransportError.unreadableResponse(file: file, reason: error.localizedDescription)
            }
        }
        throw RecordedTransportError.noRecordedResponse(
            operationName: request.operationName,
            variables: Self.canonicalVariables(request.variables),
            directory: directory,
            tried: names
        )
    }
}
