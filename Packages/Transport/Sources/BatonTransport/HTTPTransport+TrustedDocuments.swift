import BatonNormalize
import Foundation

extension HTTPTransport {
    /// `body`, the answer to an id-only request, unless it says the server cannot run the id.
    func trustedDocumentAnswer(_ body: Data, for request: GraphQLRequest) throws(TrustedDocumentError) -> Data {
        try checkTrustedDocumentReply(PersistedQueryReply(body), for: request)
        return body
    }

    /// Throws when `reply` says the server does not know the request's id, or takes no ids.
    func checkTrustedDocumentReply(_ reply: PersistedQueryReply, for request: GraphQLRequest)
        throws(TrustedDocumentError)
    {
        switch reply {
        case .other:
            return
        case .notFound:
            throw .unknownDocument(
                url: configuration.url, id: SHA256.hexDigest(request.document), operationName: request.operationName)
        case .notSupported:
            throw .notSupported(url: configuration.url, operationName: request.operationName)
        }
    }
}
