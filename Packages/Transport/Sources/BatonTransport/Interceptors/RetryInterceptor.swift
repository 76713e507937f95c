import BatonNormalize
import Foundation

/// Sends a request again after a failure that may pass (a `TransportFailure` that is not
/// permanent, or an error that is no `TransportFailure`), waiting as its ``RetryPolicy`` says.
///
/// A query and a subscription are retried; a mutation is never sent twice unless its operation
/// name is among `idempotentMutations` (the server changes nothing on a second delivery). A
/// stream is retried while it has delivered nothing: once a subscription is connected, a drop is
/// its handle's to resubscribe. When the attempts or the deadline run out, the last error is
/// thrown as it is. A cancelled task stops at once, with no retry.
///
/// Thread-safe: immutable; each request keeps its own count.
public struct RetryInterceptor: TransportInterceptor {
    public var policy: RetryPolicy
    /// The mutations that may be sent more than once, by operation name.
    public var idempotentMutations: Set<String>
    /// Called before each retry, with the failed attempt's number (1-based), its error and the wait.
    public var onRetry:
        (@Sendable (_ request: GraphQLRequest, _ attempt: Int, _ error: any Error, _ wait: Duration) -> Void)?

    public init(
        policy: RetryPolicy = RetryPolicy(), idempotentMutations: Set<String> = [],
        onRetry: (
            @Sendable (_ request: GraphQLRequest, _ attempt: Int, _ error: any Error, _ wait: Duration) -> Void
        )? =
            nil
    ) {
        self.policy = policy
        self.idempotentMutations = idempotentMutations
        self.onRetry = onRetry
    }

    /// Whether `request` may be sent more than once.
    public func mayRetry(_ request: GraphQLRequest) -> Bool {
        request.kind != .mutation || request.operationName.map(idempotentMutations.contains) == true
    }

    public func send(_ request: GraphQLRequest, next: InterceptorNext) async throws -> Data {
        var schedule = RetrySchedule(policy: policy)
        while true {
            do {
                return try await next.send(request)
            } catch {
                try await wait(after: error, request, &schedule)
            }
        }
    }

    public func events(for request: GraphQLRequest, next: InterceptorNext) -> AsyncThrowingStream<
        StreamEvent, any Error
    > {
        AsyncThrowingStream.relaying { yield in
            var schedule = RetrySchedule(policy: policy)
            while true {
                var delivered = false
                do {
                    for try await event in next.events(for: request) {
                        delivered = true
                        yield(event)
                    }
                    return
                } catch  where !delivered {
                    try await wait(after: error, request, &schedule)
                }
            }
        }
    }

    /// Waits before the next attempt, or throws `error` when there is to be none.
    func wait(after error: any Error, _ request: GraphQLRequest, _ schedule: inout RetrySchedule) async throws {
        guard mayRetry(request), !Task.isCancelled, !((error as? any TransportFailure)?.isPermanent ?? false),
            let wait = schedule.next()
        else { throw error }
        onRetry?(request, schedule.attempts - 1, error, wait)
        try await Task.sleep(for: wait)
    }
}

/// One request's attempts so far under a ``RetryPolicy``, and the clock its deadline runs on.
struct RetrySchedule {
    let policy: RetryPolicy
    let start = ContinuousClock.now
    /// The attempts made, the one that just failed included.
    private(set) var attempts = 1
    var generator = SystemRandomNumberGenerator()

    init(policy: RetryPolicy) {
        self.policy = policy
    }

    /// The wait before the next attempt, counted as made; nil when the attempts are used up or
    /// the wait would end past the deadline.
    mutating func next() -> Duration? {
        guard attempts < policy.maxAttempts else { return nil }
        let wait = policy.delay(before: attempts, using: &generator)
        guard start.duration(to: .now) + wait <= policy.deadline else { return nil }
        attempts += 1
        return wait
    }
}
