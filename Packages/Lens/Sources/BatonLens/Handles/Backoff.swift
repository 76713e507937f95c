/// How a dropped subscription waits before it reconnects: jittered exponential backoff,
/// `initial` doubling up to `maximum`. The jitter and the sleep are injectable, so tests run
/// on a fast clock. A value: safe on any thread.
public struct Backoff: Sendable {
    public var initial: Duration
    public var maximum: Duration
    /// Turns the exponential delay into the one waited; by default uniformly between half of
    /// it and all of it.
    public var jitter: @Sendable (Duration) -> Duration
    /// Waits; throws when cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(
        initial: Duration = .seconds(1), maximum: Duration = .seconds(30),
        jitter: @escaping @Sendable (Duration) -> Duration = Backoff.halfJitter,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.initial = initial
        self.maximum = maximum
        self.jitter = jitter
        self.sleep = sleep
    }

    /// 1 s doubling to 30 s, half jitter, the system clock.
    public static let standard = Backoff()

    /// The delay before reconnection `attempt` (1 for the first), before jitter.
    public func baseDelay(attempt: Int) -> Duration {
        var delay = initial
        var step = 1
        while step < attempt && delay < maximum {
            delay = delay * 2
            step += 1
        }
        return min(delay, maximum)
    }

    /// The delay waited before reconnection `attempt`.
    public func delay(attempt: Int) -> Duration {
        jitter(baseDelay(attempt: attempt))
    }

    /// Uniformly between half of `delay` and all of it.
    public static let halfJitter: @Sendable (Duration) -> Duration = { delay in
        delay / 2 + delay / 2 * Double.random(in: 0...1)
    }
}
