import BatonNormalize
import Foundation

/// Fails a request with ``InterceptorError/timedOut(operation:after:)`` when no answer has come
/// within `limit`, cancelling it, so the cancellation reaches the socket.
///
/// It bounds a whole-body request; a stream's silences are bounded by its transport's own idle
/// timeout (`HTTPTransport.Configuration.streamIdleTimeout`) and pass through here unchanged.
/// Placed after a ``RetryInterceptor`` it limits each attempt, before one the whole sequence.
/// Thread-safe: immutable.
public struct TimeoutInterceptor: TransportInterceptor {
    public var limit: Duration

    public init(limit: Duration) {
        self.limit = limit
    }

    public func send(_ request: GraphQLRequest, next: InterceptorNext) async throws -> Data {
        let limit = self.limit
        return try await withThrowingTaskGroup(of: Data?.self) { group in
            group.addTask { try await next.send(request) }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let body = first else {
                throw InterceptorError.timedOut(operation: request.operationName, after: limit)
            }
            return body
        }
    }
}
