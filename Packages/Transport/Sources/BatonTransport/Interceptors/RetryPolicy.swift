import Foundation

/// When and how often ``RetryInterceptor`` tries a request again: exponential backoff with
/// full jitter, a cap on attempts, and a total deadline from the first attempt.
///
/// The wait before retry `n` (1-based) is a random duration between zero and
/// `min(maxDelay, initialDelay × multiplier^(n-1))`; a retry whose wait would end past the
/// deadline is not made. A value; `Sendable`.
public struct RetryPolicy: Sendable, Hashable {
    /// How many times a request is sent at most, the first included.
    public var maxAttempts: Int
    public var initialDelay: Duration
    public var multiplier: Double
    public var maxDelay: Duration
    /// The time from the first attempt after which no retry starts.
    public var deadline: Duration
    /// Whether each wait is drawn at random up to its backoff (true) or is the backoff itself.
    public var jitter: Bool

    public init(
        maxAttempts: Int = 4, initialDelay: Duration = .milliseconds(200), multiplier: Double = 2,
        maxDelay: Duration = .seconds(10), deadline: Duration = .seconds(30), jitter: Bool = true
    ) {
        precondition(maxAttempts >= 1, "a request is sent at least once")
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.deadline = deadline
        self.jitter = jitter
    }

    /// The longest wait before retry `retry` (1-based): the backoff before jitter.
    public func backoff(before retry: Int) -> Duration {
        let factor = pow(multiplier, Double(max(0, retry - 1)))
        let scaled = initialDelay * factor
        return scaled < maxDelay ? scaled : maxDelay
    }

    /// The wait before retry `retry`, drawn with `generator` when the policy jitters.
    func delay(before retry: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let backoff = backoff(before: retry)
        guard jitter else { return backoff }
        return backoff * Double.random(in: 0...1, using: &generator)
    }
}
