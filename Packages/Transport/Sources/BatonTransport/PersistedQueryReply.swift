import Foundation

/// Reads a server's answer to a hash-only persisted-query request (Apollo's APQ protocol).
///
/// Stateless: safe on any thread.
enum PersistedQueryReply {
    case notFound
    case notSupported
    case other

    /// Classifies `body`: only a response whose `errors` name `PersistedQueryNotFound`
    /// (or code `PERSISTED_QUERY_NOT_FOUND`) asks for the document; `…NotSupported` too,
    /// and the transport stops hashing.
    init(_ body: Data) {
        self = .other
        guard body.count < 65_536 else { return }
        let text = String(decoding: body, as: UTF8.self)
        guard
            text.contains("PersistedQueryNotFound") || text.contains("PERSISTED_QUERY_NOT_FOUND")
                || text.contains("PersistedQueryNotSupported") || text.contains("PERSISTED_QUERY_NOT_SUPPORTED"),
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let errors = object["errors"] as? [[String: Any]]
        else { return }
        for error in errors {
            let message = error["message"] as? String
            let code = (error["extensions"] as? [String: Any])?["code"] as? String
            if message == "PersistedQueryNotFound" || code == "PERSISTED_QUERY_NOT_FOUND" { self = .notFound; return }
            if message == "PersistedQueryNotSupported" || code == "PERSISTED_QUERY_NOT_SUPPORTED" {
                self = .notSupported; return
            }
        }
    }
}
