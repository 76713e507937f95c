import BatonNormalize
import Foundation

extension HTTPTransport {
    /// Query batching: the queries `send` is given within ``window`` of each other go out as
    /// one HTTP POST whose body is a JSON array of operations, the form Apollo Server and
    /// Apollo Router accept, and each caller gets its own element of the array the server
    /// answers. Off unless ``HTTPTransport/Configuration/batching`` is set.
    ///
    /// What is batched: `send` of a query, and of a mutation only when ``batchesMutations``
    /// is on or the request opts in (`GraphQLRequest.batching(_:)`). Subscriptions and every
    /// streamed answer (`payloads(for:)`, `events(for:)`) go alone. A batch goes out when the
    /// window after its first operation ends or when it holds ``maximumSize`` operations,
    /// whichever comes first. Operations whose requests would carry different headers (the
    /// transport's, its header provider's and the request's own) never share a batch, and a
    /// batched query goes by POST whatever ``HTTPTransport/Configuration/usesGETForQueries``
    /// says.
    ///
    /// An interceptor chain around the transport (``InterceptingTransport``) runs per
    /// operation: each operation is authorized, retried, timed and logged on its own, and
    /// meets the others only at the transport. A refused batch fails each of its operations
    /// with the same HTTP status, so an ``AuthInterceptor`` refreshes its token once for all of
    /// them (concurrent refusals share one refresh) and their replays form the next batch.
    ///
    /// The transport keeps its open batches in a state machine behind a `Mutex`, on no actor:
    /// a batch's window is one timer task armed by its first operation, and the batch is sent
    /// from a task of its own, so cancelling one caller fails only that caller
    /// (`TransportError.cancelled`); a batch every caller left before its window ended is never
    /// sent, and one on the wire that every caller left is cancelled.
    ///
    /// A plain value: safe on any thread.
    public struct Batching: Sendable, Hashable {
        /// How long a batch waits for more operations after its first one.
        public var window: Duration
        /// The most operations one batch holds; a full batch goes out at once.
        public var maximumSize: Int
        /// Whether mutations join batches too. Off by default: a server may run a batch's
        /// operations in any order or concurrently, so a mutation batched with a query that
        /// reads what it writes may run before or after it. A request can decide for itself
        /// with `GraphQLRequest.batching(_:)`.
        public var batchesMutations: Bool

        /// - Parameters:
        ///   - window: how long a batch waits for more operations after its first one.
        ///   - maximumSize: the most operations in one batch (at least 1).
        ///   - batchesMutations: whether mutations are batched without opting in one by one.
        public init(window: Duration = .milliseconds(10), maximumSize: Int = 10, batchesMutations: Bool = false) {
            self.window = window
            self.maximumSize = max(1, maximumSize)
            self.batchesMutations = batchesMutations
        }
    }

    /// One request's own word on batching, which wins over ``Batching/batchesMutations``.
    public enum BatchingChoice: String, Sendable, Hashable {
        /// Batch this request, a mutation too, when the transport batches.
        case allowed
        /// Send this request alone.
        case never
    }

    /// The request header that carries a ``BatchingChoice`` from `GraphQLRequest.batching(_:)`
    /// to the transport; the transport reads it and never sends it.
    public static let batchingHeader = "X-Baton-Batching"

    /// True for `name` when it is ``batchingHeader`` in any letter case.
    static func isBatchingHeader(_ name: String) -> Bool {
        name.caseInsensitiveCompare(batchingHeader) == .orderedSame
    }

    /// Whether `send` may put `request` in a batch under `batching`.
    static func mayBatch(_ request: GraphQLRequest, under batching: Batching) -> Bool {
        // A request carrying files is a multipart POST of its own.
        guard request.uploads.isEmpty else { return false }
        let choice = request.headers.first { isBatchingHeader($0.key) }.flatMap { BatchingChoice(rawValue: $0.value) }
        switch (request.kind, choice) {
        case (.subscription, _), (_, .never): return false
        case (_, .allowed), (.query, nil): return true
        case (.mutation, nil): return batching.batchesMutations
        }
    }
}

extension GraphQLRequest {
    /// This request with its own choice about batching: ``HTTPTransport/BatchingChoice/allowed``
    /// lets a mutation join a batch, ``HTTPTransport/BatchingChoice/never`` keeps a query out
    /// of one. It rides in ``HTTPTransport/batchingHeader``, which the transport never sends;
    /// a subscription is never batched, whatever it says.
    public func batching(_ choice: HTTPTransport.BatchingChoice) -> GraphQLRequest {
        var request = self
        for name in request.headers.keys where HTTPTransport.isBatchingHeader(name) { request.headers[name] = nil }
        request.headers[HTTPTransport.batchingHeader] = choice.rawValue
        return request
    }
}
