/// Where a subscription handle is. A value: safe on any thread.
public enum SubscriptionState: Hashable, Sendable {
    /// Not started.
    case idle
    /// Asking the transport for the stream.
    case connecting
    /// The stream is up: the transport said it connected (`StreamEvent.connected`), or a
    /// payload arrived.
    case open
    /// The stream dropped; reconnection `attempt` follows after a backoff.
    case waiting(attempt: Int)
    /// The stream failed with an error retrying cannot cure (the handle's `error`); no
    /// reconnection follows. `start()` tries again.
    case failed(FailureKind)
    /// Started, but the app is inactive (`GraphQLEnvironment.setActivity(.inactive)`): the
    /// transport's stream was let go, and the handle subscribes again when the app is back.
    case parked
    /// Stopped, finished by the server, or its environment ended.
    case ended
}
