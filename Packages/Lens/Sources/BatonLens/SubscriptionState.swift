/// Where a subscription handle is. A value: safe on any thread.
public enum SubscriptionState: Hashable, Sendable {
    /// Not started.
    case idle
    /// Asking the transport for the stream.
    case connecting
    /// The stream has delivered a payload and is open.
    case open
    /// The stream dropped; reconnection `attempt` follows after a backoff.
    case waiting(attempt: Int)
    /// Stopped, finished by the server, or its environment ended.
    case ended
}
