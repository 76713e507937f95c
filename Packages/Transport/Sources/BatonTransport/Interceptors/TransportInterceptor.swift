import BatonNormalize
import Foundation

/// One step of an ``InterceptingTransport``'s chain: it sees each request on its way to the
/// network and each answer on its way back.
///
/// A step may change the request before passing it on (`next.send(changed)`), answer it
/// without the network (return without calling `next`), pass it on more than once (a retry,
/// a replay after a token refresh), or see and change the answer or the error. Steps run in
/// the chain's order on the way out and in reverse on the way back.
///
/// Steps are `Sendable` and called from any task, concurrently for concurrent requests; a step
/// that keeps state guards it (an actor or a `Mutex`). Cancelling the calling task reaches the
/// transport at the end of the chain, which cancels the request on the wire.
public protocol TransportInterceptor: Sendable {
    /// Answers `request` with a whole response body, through `next` (the rest of the chain)
    /// or on its own.
    func send(_ request: GraphQLRequest, next: InterceptorNext) async throws -> Data

    /// Answers `request` with a stream (a subscription, an incremental response). The default
    /// passes it on unchanged.
    func events(for request: GraphQLRequest, next: InterceptorNext) -> AsyncThrowingStream<StreamEvent, any Error>
}

extension TransportInterceptor {
    public func events(for request: GraphQLRequest, next: InterceptorNext) -> AsyncThrowingStream<
        StreamEvent, any Error
    > {
        next.events(for: request)
    }
}

/// The rest of an ``InterceptingTransport``'s chain after one step: the steps after it, then
/// the transport. A value; call it as often as the step needs.
public struct InterceptorNext: Sendable {
    let interceptors: ArraySlice<any TransportInterceptor>
    let transport: any Transport

    /// Sends `request` through the rest of the chain.
    public func send(_ request: GraphQLRequest) async throws -> Data {
        guard let step = interceptors.first else { return try await transport.send(request) }
        return try await step.send(
            request, next: InterceptorNext(interceptors: interceptors.dropFirst(), transport: transport))
    }

    /// Opens `request`'s stream through the rest of the chain.
    public func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error> {
        guard let step = interceptors.first else { return transport.events(for: request) }
        return step.events(
            for: request, next: InterceptorNext(interceptors: interceptors.dropFirst(), transport: transport))
    }
}
