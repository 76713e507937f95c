import BatonNormalize
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `Transport` over HTTP with URLSession (FoundationNetworking on Linux): GraphQL over
/// HTTP with POST or GET, automatic persisted queries or trusted documents, gzip both ways,
/// `multipart/mixed` incremental delivery and subscriptions, and subscriptions over
/// server-sent events.
///
/// Redirects are followed by the transport, not by URLSession, alike on every platform: a
/// redirect to another origin goes without `Authorization`, `Cookie`, `Proxy-Authorization`
/// and the configuration's ``Configuration/secretHeaders``.
///
/// Thread-safe: call `send`, `payloads(for:)` and `events(for:)` from any task, concurrently. Cancelling
/// the calling task (or dropping the payload sequence) cancels the request on the wire.
/// Failures are `TransportError`s; GraphQL `errors` are answered as bytes.
public final class HTTPTransport: Transport {
    public let configuration: Configuration
    private let session: URLSession
    private let delegate: SessionDelegate
    /// How redirects are followed: by the transport, not by URLSession.
    let redirectPolicy: RedirectPolicy
    let builder: HTTPRequestBuilder
    /// Cleared when a server says it does not support persisted queries.
    private let persistedQueriesEnabled: Mutex<Bool>
    /// Gathers queries into batches when `configuration.batching` is set (Batching/).
    let batcher: Batcher?

    public init(configuration: Configuration) {
        self.configuration = configuration
        builder = HTTPRequestBuilder(configuration: configuration)
        delegate = SessionDelegate()
        redirectPolicy = RedirectPolicy(secretHeaders: configuration.secretHeaders)
        persistedQueriesEnabled = Mutex(configuration.usesAutomaticPersistedQueries)
        batcher = configuration.batching.map(Batcher.init(batching:))
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "BatonTransport.HTTPTransport"
        session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: queue)
    }

    /// A transport for `url` with the default configuration.
    public convenience init(url: URL, headers: [String: String] = [:]) {
        self.init(configuration: Configuration(url: url, headers: headers))
    }

    deinit {
        session.invalidateAndCancel()
    }

    // MARK: Transport

    public func send(_ request: GraphQLRequest) async throws -> Data {
        try await withPersistedQueries(request) { mode in
            try await self.sendWhole(request, mode: mode)
        }
    }

    public func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        streaming { yield in
            try await self.stream(request, connected: {}, yield: yield)
        }
    }

    /// The payloads, after `StreamEvent.connected` when a 2xx response head opens a
    /// multipart or event stream.
    public func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error> {
        streaming { yield in
            try await self.stream(request, connected: { yield(.connected) }, yield: { yield(.payload($0)) })
        }
    }

    /// A stream fed by `produce` on a task of its own (`AsyncThrowingStream.relaying`), cancelled
    /// when the consumer goes away; a failure after the cancellation is `TransportError.cancelled`.
    private func streaming<Element: Sendable>(
        _ produce: @escaping @Sendable (_ yield: @escaping @Sendable (Element) -> Void) async throws -> Void
    ) -> AsyncThrowingStream<Element, any Error> {
        AsyncThrowingStream.relaying { yield in
            do {
                try await produce(yield)
            } catch {
                throw Task.isCancelled ? TransportError.cancelled : error
            }
        }
    }

    // MARK: Persisted queries

    private var usesPersistedQueries: Bool { persistedQueriesEnabled.withLock { $0 } }

    /// Runs `attempt` hash-only first when APQ is on, again with the document when the
    /// server does not know the hash.
    private func withPersistedQueries(
        _ request: GraphQLRequest,
        _ attempt: (HTTPRequestBuilder.DocumentMode) async throws -> Data
    ) async throws -> Data {
        if configuration.usesTrustedDocuments {
            return try trustedDocumentAnswer(await attempt(.hashOnly), for: request)
        }
        guard usesPersistedQueries, request.uploads.isEmpty else { return try await attempt(.document) }
        let first = try await attempt(.hashOnly)
        switch PersistedQueryReply(first) {
        case .other:
            return first
        case .notFound:
            return try await attempt(.documentAndHash)
        case .notSupported:
            persistedQueriesEnabled.withLock { $0 = false }
            return try await attempt(.document)
        }
    }

    // MARK: One whole answer

    func sendOnce(_ request: GraphQLRequest, mode: HTTPRequestBuilder.DocumentMode) async throws -> Data {
        let (urlRequest, upload) = try await prepared(
            request, mode: mode, accept: HTTPRequestBuilder.jsonAccept, timeout: configuration.timeout)
        defer { upload?.remove() }
        let url = urlRequest.url ?? configuration.url
        let (head, body) = try await exchange(urlRequest, bodyFile: upload?.fileURL, deadlineCovers: .wholeExchange) {
            head, events in
            var decoder = BodyDecoder(contentEncoding: head.value(forHTTPHeaderField: "Content-Encoding"))
            var body = Data()
            while let event = try await events.next() {
                if case .data(let chunk) = event { body.append(try decoder.decode(chunk)) }
            }
            body.append(try decoder.finish())
            return (head, body)
        }
        return try Self.validatedWholeBody(body, head: head, url: url)
    }

    /// The body if it is a GraphQL response the caller should see; else the matching error.
    static func validatedWholeBody(_ body: Data, head: HTTPURLResponse, url: URL) throws -> Data {
        let contentType = head.value(forHTTPHeaderField: "Content-Type")
        if (200..<300).contains(head.statusCode) {
            guard JSONShape.isGraphQLResponse(body) else {
                throw TransportError.notGraphQLResponse(
                    url: url, status: head.statusCode, contentType: contentType, body: body)
            }
            return body
        }
        // GraphQL over HTTP: a 4xx with application/graphql-response+json carries a
        // well-formed response whose `errors` tell why (a validation failure): pass it on.
        if contentType?.lowercased().hasPrefix("application/graphql-response+json") == true,
            (400..<500).contains(head.statusCode), JSONShape.isGraphQLResponse(body)
        {
            return body
        }
        throw TransportError.httpStatus(url: url, status: head.statusCode, body: body)
    }

    // MARK: Streamed answers

    private func stream(
        _ request: GraphQLRequest, connected: @escaping @Sendable () -> Void, yield: @escaping @Sendable (Data) -> Void
    ) async throws {
        if !request.uploads.isEmpty, request.kind == .subscription {
            throw UploadError.subscriptionWithUploads(operationName: request.operationName)
        }
        if configuration.usesTrustedDocuments {
            let reply = try await streamOnce(
                request, mode: .hashOnly, checksPersistedQueryReply: true, connected: connected, yield: yield)
            return try checkTrustedDocumentReply(reply, for: request)
        }
        guard usesPersistedQueries, request.kind != .subscription, request.uploads.isEmpty else {
            _ = try await streamOnce(
                request, mode: .document, checksPersistedQueryReply: false, connected: connected, yield: yield)
            return
        }
        switch try await streamOnce(
            request, mode: .hashOnly, checksPersistedQueryReply: true, connected: connected, yield: yield)
        {
        case .other:
            return
        case .notFound:
            _ = try await streamOnce(
                request, mode: .documentAndHash, checksPersistedQueryReply: false, connected: connected, yield: yield)
        case .notSupported:
            persistedQueriesEnabled.withLock { $0 = false }
            _ = try await streamOnce(
                request, mode: .document, checksPersistedQueryReply: false, connected: connected, yield: yield)
        }
    }

    /// Streams one exchange's payloads to `yield`, calling `connected` first when its head
    /// opens a stream. With `checksPersistedQueryReply`, a whole-body answer that asks for the
    /// document is not yielded but returned.
    private func streamOnce(
        _ request: GraphQLRequest,
        mode: HTTPRequestBuilder.DocumentMode,
        checksPersistedQueryReply: Bool,
        connected: @escaping @Sendable () -> Void,
        yield: @escaping @Sendable (Data) -> Void
    ) async throws -> PersistedQueryReply {
        let accept: String
        switch (request.kind, configuration.subscriptionProtocol) {
        case (.subscription, .multipart): accept = HTTPRequestBuilder.multipartSubscriptionAccept
        case (.subscription, .serverSentEvents): accept = HTTPRequestBuilder.eventStreamAccept
        default: accept = HTTPRequestBuilder.incrementalAccept
        }
        let (urlRequest, upload) = try await prepared(
            request, mode: mode, accept: accept, timeout: configuration.streamIdleTimeout)
        defer { upload?.remove() }
        let url = urlRequest.url ?? configuration.url
        return try await exchange(urlRequest, bodyFile: upload?.fileURL, deadlineCovers: .responseHead) {
            head, events in
            var decoder = BodyDecoder(contentEncoding: head.value(forHTTPHeaderField: "Content-Encoding"))
            var framing = PayloadFraming(head: head, url: url)
            if framing.isStream { connected() }
            while let event = try await events.next() {
                guard case .data(let chunk) = event else { continue }
                try framing.append(try decoder.decode(chunk), yield: yield)
                if framing.isComplete { return .other }
            }
            try framing.append(try decoder.finish(), yield: yield)
            guard let whole = try framing.finish() else { return .other }
            if checksPersistedQueryReply {
                let reply = PersistedQueryReply(whole)
                if reply != .other { return reply }
            }
            yield(whole)
            return .other
        }
    }

    // MARK: The exchange

    enum DeadlineScope { case wholeExchange, responseHead }

    typealias Events = AsyncThrowingStream<WireEvent, any Error>.AsyncIterator

    /// Starts `urlRequest` (sending its body from `bodyFile` when there is one), follows its
    /// redirects (``RedirectPolicy``: secret headers stay on their origin), waits for the final
    /// response head, and hands head and the remaining events to `read`. Enforces
    /// `configuration.timeout` over `scope` (every hop within it), cancels the task on the wire
    /// when the calling task is cancelled, and maps failures to `TransportError`.
    func exchange<Result>(
        _ urlRequest: URLRequest,
        bodyFile: URL? = nil,
        deadlineCovers scope: DeadlineScope,
        _ read: (HTTPURLResponse, inout Events) async throws -> Result
    ) async throws -> Result {
        let url = urlRequest.url ?? configuration.url
        let wire = WireTask()
        let watchdog = Watchdog(after: configuration.timeout) { wire.cancel() }
        defer {
            watchdog.stop()
            wire.cancelCurrent()  // no-op once complete; ends a stream the caller stopped reading
        }
        do {
            return try await withTaskCancellationHandler {
                var hop = RedirectPolicy.Hop(request: urlRequest, bodyFile: bodyFile)
                var redirects = 0
                while true {
                    let task =
                        hop.bodyFile.map { session.uploadTask(with: hop.request, fromFile: $0) }
                        ?? session.dataTask(with: hop.request)
                    let events = delegate.start(task)
                    wire.install(task)
                    var iterator = events.makeAsyncIterator()
                    let head = try await Self.head(of: &iterator, url: url)
                    if let next = redirectPolicy.hop(after: head, to: hop.request, bodyFile: hop.bodyFile) {
                        task.cancel()
                        redirects += 1
                        guard redirects <= RedirectPolicy.maxRedirects else {
                            throw TransportError.transferFailed(
                                url: url, code: URLError.Code.httpTooManyRedirects.rawValue,
                                reason: "more than \(RedirectPolicy.maxRedirects) redirects")
                        }
                        hop = next
                        continue
                    }
                    if scope == .responseHead { watchdog.stop() }
                    let result = try await read(head, &iterator)
                    if Task.isCancelled { throw TransportError.cancelled }
                    return result
                }
            } onCancel: {
                wire.cancel()
            }
        } catch {
            throw Self.transportError(for: error, url: url, timedOut: watchdog.fired, timeout: configuration.timeout)
        }
    }

    /// The response head among a task's first events.
    private static func head(of iterator: inout Events, url: URL) async throws -> HTTPURLResponse {
        while true {
            guard let event = try await iterator.next() else {
                throw Task.isCancelled
                    ? TransportError.cancelled
                    : TransportError.noConnection(url: url, reason: "the connection ended before a response")
            }
            if case .response(let response) = event { return response }
        }
    }

    /// `error` as a `TransportError`.
    static func transportError(for error: any Error, url: URL, timedOut: Bool, timeout: TimeInterval) -> TransportError
    {
        if timedOut { return .timeout(url: url, after: timeout) }
        if let error = error as? TransportError { return error }
        if error is CancellationError || Task.isCancelled { return .cancelled }
        if let error = error as? GzipError { return .decompression(url: url, reason: error.description) }
        let code: Int
        if let urlError = error as? URLError {
            code = urlError.code.rawValue
        } else {
            let nsError = error as NSError
            guard nsError.domain == NSURLErrorDomain else {
                return .transferFailed(url: url, code: 0, reason: String(describing: error))
            }
            code = nsError.code
        }
        switch URLError.Code(rawValue: code) {
        case .timedOut:
            return .timeout(url: url, after: timeout)
        case .cancelled:
            return .cancelled
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .networkConnectionLost,
            .notConnectedToInternet, .resourceUnavailable:
            return .noConnection(url: url, reason: error.localizedDescription)
        default:
            return .transferFailed(url: url, code: code, reason: error.localizedDescription)
        }
    }
}
