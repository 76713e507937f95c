import BatonNormalize
import Foundation

/// A `Transport` that runs each request through an ordered chain of ``TransportInterceptor``s
/// before `transport`: authentication, retries, a request log, time limits, or the app's own.
///
/// ```swift
/// let transport = InterceptingTransport(
///     HTTPTransport(url: endpoint),
///     interceptors: [
///         RequestLogInterceptor { entry in logger.info("\(entry)") },
///         RetryInterceptor(policy: RetryPolicy(deadline: .seconds(20))),
///         TimeoutInterceptor(limit: .seconds(10)),
///         AuthInterceptor(tokens: tokens),
///     ])
/// ```
///
/// The first interceptor sees a request first and its answer last. Every stream, whether read
/// through ``payloads(for:)`` or ``events(for:)``, goes through the interceptors' `events`.
/// Thread-safe: immutable, called from any task, concurrently.
public struct InterceptingTransport: Transport {
    public let transport: any Transport
    public let interceptors: [any TransportInterceptor]

    public init(_ transport: any Transport, interceptors: [any TransportInterceptor]) {
        self.transport = transport
        self.interceptors = interceptors
    }

    var chain: InterceptorNext { InterceptorNext(interceptors: interceptors[...], transport: transport) }

    public func send(_ request: GraphQLRequest) async throws -> Data {
        try await chain.send(request)
    }

    public func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error> {
        chain.events(for: request)
    }

    public func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        let events = chain.events(for: request)
        return AsyncThrowingStream.relaying { yield in
            for try await event in events {
                if case .payload(let payload) = event { yield(payload) }
            }
        }
    }
}

extension AsyncThrowingStream where Failure == any Error {
    /// A stream fed by `produce` on a task of its own, which is cancelled when the consumer
    /// stops reading; it ends when `produce` returns and fails with what `produce` throws.
    static func relaying(
        _ produce: @escaping @Sendable (_ yield: @escaping @Sendable (Element) -> Void) async throws -> Void
    ) -> Self where Element: Sendable {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await produce { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
