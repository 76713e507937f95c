import Foundation
import BatonNormalize

extension HTTPTransport {
    /// How subscriptions travel over HTTP.
    public enum SubscriptionProtocol: Sendable, Hashable {
        /// `multipart/mixed` with Apollo's subscription envelope (`{"payload": …}`, heartbeats `{}`).
        case multipart
        /// GraphQL over server-sent events, distinct-connections mode (`event: next` / `complete`).
        case serverSentEvents
    }

    /// Everything an `HTTPTransport` needs to know, fixed when it is made.
    ///
    /// A plain value: safe on any thread.
    public struct Configuration: Sendable {
        /// The GraphQL endpoint.
        public var url: URL
        /// Headers on every request (authorization, client name); a request's own headers win.
        public var headers: [String: String]
        /// Headers computed per request (a fresh token), applied after `headers`.
        public var headerProvider: (@Sendable (GraphQLRequestSummary) async throws -> [String: String])?
        /// Seconds allowed for a whole `send`, and for a streamed answer to begin.
        public var timeout: TimeInterval
        /// Seconds a streamed answer (multipart, events) may stay silent before it fails.
        public var streamIdleTimeout: TimeInterval
        /// Send queries with GET and the request in the query string (mutations always POST).
        public var usesGETForQueries: Bool
        /// Apollo's automatic persisted queries: send the document's SHA-256 first and the
        /// document only when the server answers `PersistedQueryNotFound`.
        public var usesAutomaticPersistedQueries: Bool
        /// Trusted documents: every request carries only its document's persisted-query id (the
        /// SHA-256 of its text, the `id` of the manifest `baton-compile` writes) and never the
        /// text, whatever ``usesAutomaticPersistedQueries`` says; a server that does not know
        /// the id fails the request with ``TrustedDocumentError`` instead of a retry with the
        /// text. Off by default; set it on a configuration made with the initializer.
        public var usesTrustedDocuments = false
        /// Gzip POST bodies larger than this many bytes (`Content-Encoding: gzip`); nil never.
        public var compressesRequestsLargerThan: Int?
        /// How subscriptions travel.
        public var subscriptionProtocol: SubscriptionProtocol
        /// Query batching: queries sent within a window go out as one POST of a JSON array
        /// (``HTTPTransport/Batching``). Nil, the default, sends every operation alone.
        public var batching: Batching? = nil
        /// Names of headers, matched whatever their case, that a redirect to another origin
        /// (scheme, host or port differs) drops, beside ``alwaysSecretHeaders``: an API key
        /// header, say. A redirect on the same origin keeps them. Empty by default.
        public var secretHeaders: Set<String> = []

        /// The headers a redirect to another origin always drops, whatever ``secretHeaders``
        /// says: `Authorization`, `Cookie`, `Proxy-Authorization`.
        public static let alwaysSecretHeaders: Set<String> = ["Authorization", "Cookie", "Proxy-Authorization"]

        public init(
            url: URL,
            headers: [String: String] = [:],
            headerProvider: (@Sendable (GraphQLRequestSummary) async throws -> [String: String])? = nil,
            timeout: TimeInterval = 30,
            streamIdleTimeout: TimeInterval = 60,
            usesGETForQueries: Bool = false,
            usesAutomaticPersistedQueries: Bool = false,
            compressesRequestsLargerThan: Int? = 4096,
            subscriptionProtocol: SubscriptionProtocol = .multipart
        ) {
            self.url = url
            self.headers = headers
            self.headerProvider = headerProvider
            self.timeout = timeout
            self.streamIdleTimeout = streamIdleTimeout
            self.usesGETForQueries = usesGETForQueries
            self.usesAutomaticPersistedQueries = usesAutomaticPersistedQueries
            self.compressesRequestsLargerThan = compressesRequestsLargerThan
            self.subscriptionProtocol = subscriptionProtocol
        }
    }
}

/// What a header provider learns of the request it signs: its operation's name and kind.
public struct GraphQLRequestSummary: Sendable, Hashable {
    public var operationName: String?
    public var kind: OperationKind
}
