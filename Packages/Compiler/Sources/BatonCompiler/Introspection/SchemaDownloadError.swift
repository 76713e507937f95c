import Foundation

/// Why ``SchemaDownload`` wrote no schema, with what a reader needs to act: the endpoint, and
/// what it said.
///
/// A plain value: safe on any thread.
public enum SchemaDownloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A `--header` argument that is not `Name: value`.
    case malformedHeader(String)
    /// The endpoint could not be reached: refused, unknown host, the connection dropped.
    case unreachable(url: URL, reason: String)
    /// No answer within `after` seconds.
    case timeout(url: URL, after: TimeInterval)
    /// The server answered a status outside 200...299 without a GraphQL response.
    case httpStatus(url: URL, status: Int, body: String)
    /// The server answered GraphQL `errors` (introspection turned off, a header it needs
    /// missing): their messages, and the HTTP status they came with.
    case graphQLErrors(url: URL, status: Int, messages: [String])
    /// The answer is not an introspection result: not JSON, or without `data.__schema`.
    case notIntrospection(url: URL, reason: String)
    /// The SDL printed from the answer does not parse as a schema.
    case invalidSchema(url: URL, message: String)

    public var description: String {
        switch self {
        case .malformedHeader(let text):
            "'\(text)' is not a header: write it as 'Name: value'"
        case .unreachable(let url, let reason):
            "cannot reach \(url.absoluteString): \(reason)"
        case .timeout(let url, let after):
            "no answer from \(url.absoluteString) within \(after) s"
        case .httpStatus(let url, let status, let body):
            "HTTP \(status) from \(url.absoluteString)\(body.isEmpty ? "" : ": \(body)")"
        case .graphQLErrors(let url, let status, let messages):
            "\(url.absoluteString) answered the introspection query with errors (HTTP \(status)): "
                + messages.joined(separator: "; ")
        case .notIntrospection(let url, let reason):
            "the answer from \(url.absoluteString) is not an introspection result: \(reason)"
        case .invalidSchema(let url, let message):
            "the schema \(url.absoluteString) describes does not read back as SDL: \(message)"
        }
    }
}
