import BatonLens
import Foundation

/// A request a ``ScriptedTransport`` holds for the test, as a wait handed it over: its caller
/// stays suspended until the test replies once. A value: safe on any thread.
///
/// Replying to a request no longer held (replied already, or cancelled by its caller) throws
/// ``ScriptedTransportError/notHeld(_:)``.
public struct HeldRequest: Sendable {
    /// The request as the transport received it: document text, variables, headers, kind.
    public let request: GraphQLRequest
    let id: Int
    let transport: ScriptedTransport

    /// Resumes the caller with `reply`.
    public func reply(_ reply: ScriptedReply) throws(ScriptedTransportError) {
        try transport.resume(id, with: reply)
    }

    /// Answers with `body`, the response bytes.
    public func answer(_ body: Data) throws(ScriptedTransportError) { try reply(.answer(body)) }

    /// Answers with `text` as the whole response body.
    public func answer(_ text: String) throws(ScriptedTransportError) { try reply(.answer(text)) }

    /// Answers with `body` as the whole response.
    public func answer(json body: JSONValue) throws(ScriptedTransportError) { try reply(.answer(json: body)) }

    /// Answers with `{"data": data}`.
    public func answer(data: JSONValue) throws(ScriptedTransportError) { try reply(.answer(data: data)) }

    /// Answers with `{"data": payload}`, a generated operation's typed payload.
    public func answer(payload: some GraphQLInputValue) throws(ScriptedTransportError) {
        try reply(.answer(payload: payload))
    }

    /// Fails the request with `error`.
    public func fail(_ error: any Error) throws(ScriptedTransportError) { try reply(.fail(error)) }
}
