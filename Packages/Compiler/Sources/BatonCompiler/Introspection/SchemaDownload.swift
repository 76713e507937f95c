import BatonNormalize
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads a server's schema as SDL: POSTs the ``IntrospectionQuery`` to a GraphQL endpoint
/// (URLSession; FoundationNetworking on Linux) and prints the result with the same printer the
/// compiler reads an introspection file with. The SDL is checked to parse as a schema before
/// it is returned. What `baton-compile fetch-schema` runs.
///
/// A plain value: safe on any thread; ``sdl()`` may run from any task.
public struct SchemaDownload: Sendable {
    /// The GraphQL endpoint.
    public var endpoint: URL
    /// Headers sent with the query (authorization), in order.
    public var headers: [(name: String, value: String)]
    /// Seconds allowed for the whole exchange.
    public var timeout: TimeInterval

    public init(endpoint: URL, headers: [(name: String, value: String)] = [], timeout: TimeInterval = 30) {
        self.endpoint = endpoint
        self.headers = headers
        self.timeout = timeout
    }

    /// Reads a header written `Name: value` (the value trimmed; it may be empty).
    public static func header(_ text: String) throws(SchemaDownloadError) -> (name: String, value: String) {
        guard let colon = text.firstIndex(of: ":") else { throw .malformedHeader(text) }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains(where: { $0.isWhitespace }) else { throw .malformedHeader(text) }
        return (name, text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    /// Runs the introspection query and returns the schema's SDL.
    public func sdl() async throws(SchemaDownloadError) -> String {
        let (status, body) = try await exchange()
        let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        if let errors = root?["errors"] as? [Any], !errors.isEmpty {
            let messages = errors.map { error in
                ((error as? [String: Any])?["message"] as? String) ?? String(describing: error)
            }
            throw .graphQLErrors(url: endpoint, status: status, messages: messages)
        }
        guard (200..<300).contains(status) else {
            throw .httpStatus(url: endpoint, status: status, body: Self.excerpt(body))
        }
        guard let root else {
            throw .notIntrospection(url: endpoint, reason: "not a JSON object: \(Self.excerpt(body))")
        }
        guard let schema = IntrospectionReader.schemaObject(in: root) else {
            throw .notIntrospection(url: endpoint, reason: "no 'data.__schema' in \(Self.excerpt(body))")
        }
        let sdl = IntrospectionPrinter.sdl(schema: schema)
        do {
            _ = try GraphQLSchema.parse(sdl: [sdl])
        } catch {
            throw .invalidSchema(
                url: endpoint, message: "\(error.message) at \(error.location.line):\(error.location.column)")
        }
        return sdl
    }

    /// POSTs the query; the status and body of the answer.
    private func exchange() async throws(SchemaDownloadError) -> (Int, Data) {
        var request = URLRequest(url: endpoint, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/graphql-response+json, application/json", forHTTPHeaderField: "Accept")
        for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
        let body: [String: Any] = ["query": IntrospectionQuery.text, "operationName": IntrospectionQuery.operationName]
        request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else {
                throw SchemaDownloadError.notIntrospection(url: endpoint, reason: "not an HTTP response")
            }
            return (http.statusCode, data)
        } catch let error as SchemaDownloadError {
            throw error
        } catch let error as URLError where error.code == .timedOut {
            throw .timeout(url: endpoint, after: timeout)
        } catch let error as URLError {
            throw .unreachable(url: endpoint, reason: Self.reason(error))
        } catch {
            throw .unreachable(url: endpoint, reason: String(describing: error))
        }
    }

    /// What a URL loading failure means, in words (Linux's descriptions name only the code).
    private static func reason(_ error: URLError) -> String {
        switch error.code {
        case .cannotConnectToHost: "the connection was refused (is the server running?)"
        case .cannotFindHost, .dnsLookupFailed: "the host is unknown"
        case .networkConnectionLost: "the connection was lost"
        case .notConnectedToInternet: "not connected to a network"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
            "the TLS connection failed"
        case .unsupportedURL: "the URL is not http or https"
        default: "URL error \(error.code.rawValue): \(error.localizedDescription)"
        }
    }

    /// The first 300 bytes of `body` as text.
    private static func excerpt(_ body: Data) -> String {
        let text = String(decoding: body.prefix(300), as: UTF8.self)
        return body.count > 300 ? text + "… (\(body.count) bytes)" : text
    }
}
