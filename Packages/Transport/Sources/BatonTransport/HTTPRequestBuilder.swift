import BatonNormalize
import BatonRecords
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns a `GraphQLRequest` into a `URLRequest` per GraphQL over HTTP: a JSON body for
/// POST, the query string for GET, headers layered transport → provider → request, and the
/// body gzipped above the configured size.
///
/// A plain value: safe on any thread.
struct HTTPRequestBuilder: Sendable {
    /// What of the document goes on the wire.
    enum DocumentMode: Sendable {
        /// The document text, no persisted-query extension.
        case document
        /// Only the persisted-query hash (the first try of APQ).
        case hashOnly
        /// The document and its hash (the retry after `PersistedQueryNotFound`).
        case documentAndHash
    }

    static let jsonAccept = "application/graphql-response+json, application/json"
    static let incrementalAccept =
        "multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json"
    static let multipartSubscriptionAccept = "multipart/mixed;subscriptionSpec=\"1.0\", application/json"
    static let eventStreamAccept = "text/event-stream"

    let configuration: HTTPTransport.Configuration

    func urlRequest(
        for request: GraphQLRequest,
        mode: DocumentMode,
        accept: String,
        timeout: TimeInterval
    ) async throws -> URLRequest {
        let members = Self.members(of: request, mode: mode)
        let usesGET = configuration.usesGETForQueries && request.kind == .query
        var urlRequest: URLRequest
        if usesGET {
            urlRequest = URLRequest(url: Self.url(configuration.url, adding: members))
            urlRequest.httpMethod = "GET"
        } else {
            urlRequest = URLRequest(url: configuration.url)
            urlRequest.httpMethod = "POST"
            var body = Data(JSONValue.object(members).jsonText().utf8)
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
            if let limit = configuration.compressesRequestsLargerThan, body.count > limit {
                body = try Gzip.compress(body)
                urlRequest.setValue("gzip", forHTTPHeaderField: "Content-Encoding")
            }
            urlRequest.httpBody = body
        }
        try await addHeaders(to: &urlRequest, for: request, accept: accept, timeout: timeout)
        return urlRequest
    }

    /// The members of the request's JSON: `query`, `operationName`, `variables`, `extensions`.
    static func members(of request: GraphQLRequest, mode: DocumentMode) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        var extensions = request.extensions
        if mode != .document {
            extensions["persistedQuery"] = .object([
                ("version", .int(1)),
                ("sha256Hash", .string(SHA256.hexDigest(request.document))),
            ])
        }
        if mode != .hashOnly { members.append(("query", .string(request.document))) }
        if let name = request.operationName { members.append(("operationName", .string(name))) }
        if !request.variables.isEmpty { members.append(("variables", JSONValue.object(request.variables))) }
        if !extensions.isEmpty { members.append(("extensions", JSONValue.object(extensions))) }
        return members
    }

    /// The timeout, `Accept`, and the headers layered transport → provider → request.
    func addHeaders(
        to urlRequest: inout URLRequest, for request: GraphQLRequest, accept: String, timeout: TimeInterval
    ) async throws {
        urlRequest.timeoutInterval = timeout
        urlRequest.setValue(accept, forHTTPHeaderField: "Accept")
        for (name, value) in configuration.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let provider = configuration.headerProvider {
            let summary = GraphQLRequestSummary(operationName: request.operationName, kind: request.kind)
            for (name, value) in try await provider(summary) { urlRequest.setValue(value, forHTTPHeaderField: name) }
        }
        for (name, value) in request.headers where !HTTPTransport.isBatchingHeader(name) {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
    }

    /// `base` with each member appended as a query parameter; objects as JSON text.
    static func url(_ base: URL, adding members: [(String, JSONValue)]) -> URL {
        var query = members.map { name, value -> String in
            let text: String
            if case .string(let string) = value { text = string } else { text = value.jsonText() }
            return "\(percentEncoded(name))=\(percentEncoded(text))"
        }.joined(separator: "&")
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false) ?? URLComponents()
        if let existing = components.percentEncodedQuery, !existing.isEmpty { query = existing + "&" + query }
        components.percentEncodedQuery = query
        return components.url ?? base
    }

    /// Percent-encodes all but RFC 3986's unreserved characters (so `+` and `&` survive).
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
