import BatonNormalize
import Foundation

/// A `Transport` that sends subscriptions through one transport and queries and mutations
/// through another: queries and mutations over HTTP, subscriptions over a WebSocket, as a
/// server that serves subscriptions on `graphql-transport-ws` alone asks.
///
/// ```swift
/// let transport = SplitTransport(
///     operations: HTTPTransport(url: URL(string: "https://api.example.com/graphql")!),
///     subscriptions: WebSocketTransport(url: URL(string: "wss://api.example.com/graphql")!))
/// let environment = GraphQLEnvironment(store: store, transport: transport)
/// ```
///
/// A request goes by its operation's kind (`GraphQLRequest.kind`), whichever way it is
/// read: `send(_:)`, `payloads(for:)` and `events(for:)` of a subscription go to
/// ``subscriptions``, of a query or a mutation to ``operations`` (a query with `@defer`
/// streams through ``operations``, as it would alone; a file upload is a mutation, so it goes
/// there too). Each answer, stream and failure is the chosen transport's, untouched, so a
/// failure's `TransportFailure.isPermanent` still decides whether a subscription retries.
/// Either side may be an `InterceptingTransport`, or another `SplitTransport`.
///
/// Thread-safe: immutable, called from any task, concurrently.
public struct SplitTransport: Transport {
    /// Where queries and mutations go.
    public let operations: any Transport
    /// Where subscriptions go.
    public let subscriptions: any Transport

    public init(operations: any Transport, subscriptions: any Transport) {
        self.operations = operations
        self.subscriptions = subscriptions
    }

    /// The transport `request` goes through.
    public func transport(for request: GraphQLRequest) -> any Transport {
        request.kind == .subscription ? subscriptions : operations
    }

    public func send(_ request: GraphQLRequest) async throws -> Data {
        try await transport(for: request).send(request)
    }

    public func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        transport(for: request).payloads(for: request)
    }

    public func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error> {
        transport(for: request).events(for: request)
    }
}
