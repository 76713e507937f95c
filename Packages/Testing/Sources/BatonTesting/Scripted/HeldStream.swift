import BatonLens
import Foundation

/// A stream (a subscription's connection) a ``ScriptedTransport`` holds open for the test: each
/// call pushes one step to its consumer. A value: safe on any thread.
///
/// Acting on a stream no longer held (finished or failed already, or its consumer went away)
/// throws ``ScriptedTransportError/notHeld(_:)``.
public struct HeldStream: Sendable {
    /// The request that opened the stream.
    public let request: GraphQLRequest
    let id: Int
    let transport: ScriptedTransport

    /// Says the stream is up (`StreamEvent.connected`) before any event: a subscription handle
    /// shows as open. Seen only by `events(for:)` consumers; `payloads(for:)` skips it.
    public func connect() throws(ScriptedTransportError) {
        try transport.stream(id, yield: .connected, end: .open)
    }

    /// Pushes one event's bytes.
    public func send(_ payload: Data) throws(ScriptedTransportError) {
        try transport.stream(id, yield: .payload(payload), end: .open)
    }

    /// Pushes one event, `text` as its bytes.
    public func send(_ text: String) throws(ScriptedTransportError) { try send(Data(text.utf8)) }

    /// Pushes one event, `{"data": data}`.
    public func send(data: JSONValue) throws(ScriptedTransportError) {
        try send(JSONValue.object([("data", data)]).jsonText())
    }

    /// Ends the stream as a server ending the subscription does.
    public func finish() throws(ScriptedTransportError) {
        try transport.stream(id, yield: nil, end: .finished)
    }

    /// Drops the stream with `error`, as a failing connection does.
    public func fail(_ error: any Error) throws(ScriptedTransportError) {
        try transport.stream(id, yield: nil, end: .failed(error))
    }
}
