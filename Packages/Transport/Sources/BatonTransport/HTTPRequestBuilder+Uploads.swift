import BatonNormalize
import BatonRecords
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPRequestBuilder {
    /// The header Apollo Server's CSRF prevention asks of a `multipart/form-data` request (a
    /// simple request a browser form could send otherwise); other servers ignore it.
    static let preflightHeader = "Apollo-Require-Preflight"

    /// A POST of `request` as a GraphQL multipart request: always POST, never gzipped, the
    /// `operations` part being the JSON `urlRequest(for:mode:accept:timeout:)` would send
    /// with `null` at each file's path. Checks the files and the paths before writing the body;
    /// the caller removes the body's file once the exchange ends.
    func uploadRequest(
        for request: GraphQLRequest,
        mode: DocumentMode,
        accept: String,
        timeout: TimeInterval
    ) async throws -> (URLRequest, MultipartRequestBody) {
        for placement in request.uploads { try MultipartRequestBody.checkReadable(placement) }
        var operations = request
        operations.variables = try Self.variables(
            request.variables, nullAt: request.uploads, operationName: request.operationName)
        let json = Data(JSONValue.object(Self.members(of: operations, mode: mode)).jsonText().utf8)
        let body = try MultipartRequestBody.write(operations: json, uploads: request.uploads)
        do {
            var urlRequest = URLRequest(url: configuration.url)
            urlRequest.httpMethod = "POST"
            urlRequest.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
            urlRequest.setValue(String(body.length), forHTTPHeaderField: "Content-Length")
            urlRequest.setValue("true", forHTTPHeaderField: Self.preflightHeader)
            try await addHeaders(to: &urlRequest, for: request, accept: accept, timeout: timeout)
            return (urlRequest, body)
        } catch {
            body.remove()
            throw error
        }
    }

    /// `variables` with `null` at each placement's path.
    static func variables(
        _ variables: [String: JSONValue], nullAt placements: [UploadPlacement], operationName: String?
    ) throws(UploadError) -> [String: JSONValue] {
        var variables = variables
        for placement in placements {
            let path = placement.path
            guard path.count >= 2, path[0] == "variables", var value = variables[path[1]],
                setNull(in: &value, at: path.dropFirst(2))
            else {
                throw .pathNotInVariables(path: placement.dottedPath, operationName: operationName)
            }
            variables[path[1]] = value
        }
        return variables
    }

    /// Sets the value at `path` inside `value` to `null`; false when the path is not there.
    private static func setNull(in value: inout JSONValue, at path: ArraySlice<String>) -> Bool {
        guard let first = path.first else {
            value = .null
            return true
        }
        switch value {
        case .object(var members):
            guard let index = members.firstIndex(where: { $0.0 == first }),
                setNull(in: &members[index].1, at: path.dropFirst())
            else { return false }
            value = .object(members)
            return true
        case .array(var elements):
            guard let index = Int(first), elements.indices.contains(index),
                setNull(in: &elements[index], at: path.dropFirst())
            else { return false }
            value = .array(elements)
            return true
        default:
            return false
        }
    }
}
