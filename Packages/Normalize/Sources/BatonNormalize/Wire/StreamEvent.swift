import Foundation

/// What a streamed answer delivers, in order: ``connected`` when the transport knows the
/// stream is up, then the payloads. A value: safe on any thread.
public enum StreamEvent: Sendable, Hashable {
    /// The server accepted the stream (an HTTP response head with a streamed body, a
    /// WebSocket's acknowledgement) before any payload: a subscription is connected from here.
    /// A transport that cannot tell sends none, and its first payload says it instead.
    case connected
    /// One payload: a part of an incremental (`@defer`) response, or a subscription's event.
    case payload(Data)
}
