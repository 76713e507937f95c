import BatonNormalize
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPTransport {
    /// The `URLRequest` for one exchange of `request`, and the multipart body it sends from
    /// disk when the request carries files (`GraphQLRequest/uploads`).
    ///
    /// A request with files is always one POST of the GraphQL multipart request
    /// specification: never GET, never gzipped, and never hash-only first under automatic
    /// persisted queries (a retry would send the files again), so its `operations` part holds
    /// the document; under trusted documents it holds the id alone, as any request does.
    /// A missing or unreadable file, or a path the variables do not hold, throws
    /// ``UploadError`` before anything is sent.
    func prepared(
        _ request: GraphQLRequest, mode: HTTPRequestBuilder.DocumentMode, accept: String, timeout: TimeInterval
    ) async throws -> (URLRequest, MultipartRequestBody?) {
        guard !request.uploads.isEmpty else {
            return (try await builder.urlRequest(for: request, mode: mode, accept: accept, timeout: timeout), nil)
        }
        let (urlRequest, body) = try await builder.uploadRequest(
            for: request, mode: mode, accept: accept, timeout: timeout)
        return (urlRequest, body)
    }
}
