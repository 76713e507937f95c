import BatonLens
import Foundation

/// What a ``ScriptedTransport`` does with a request: answer it with a body, fail it with an
/// error, either of them after a delay. A value: safe on any thread.
///
/// A stream (`payloads(for:)`) a rule answers yields the reply's body once and finishes, or
/// fails with its error.
public struct ScriptedReply: Sendable {
    enum Outcome: Sendable {
        case body(Data)
        case failure(any Error)
    }

    let outcome: Outcome
    let delay: Duration?

    /// Answers with `body`, the response bytes as a server sends them.
    public static func answer(_ body: Data) -> ScriptedReply {
        ScriptedReply(outcome: .body(body), delay: nil)
    }

    /// Answers with `text`'s UTF-8 bytes as the whole response body.
    public static func answer(_ text: String) -> ScriptedReply {
        answer(Data(text.utf8))
    }

    /// Answers with `body` as the whole response (`["data": …, "errors": …]`).
    public static func answer(json body: JSONValue) -> ScriptedReply {
        answer(body.jsonText())
    }

    /// Answers with `{"data": data}`.
    public static func answer(data: JSONValue) -> ScriptedReply {
        answer(json: .object([("data", data)]))
    }

    /// Answers with `{"data": payload}`: a generated operation's typed payload.
    public static func answer(payload: some GraphQLInputValue) -> ScriptedReply {
        answer(data: payload.inputValue)
    }

    /// Fails the request with `error`, as a transport failure (a `TransportFailure` says
    /// whether retrying can cure it).
    public static func fail(_ error: any Error) -> ScriptedReply {
        ScriptedReply(outcome: .failure(error), delay: nil)
    }

    /// The same reply, given only after `delay` (cancelling the request cancels the wait).
    public func delayed(by delay: Duration) -> ScriptedReply {
        ScriptedReply(outcome: outcome, delay: delay)
    }

    /// The body or the error, when there is no delay to wait out first.
    var immediate: Result<Data, any Error>? { delay == nil ? settled : nil }

    private var settled: Result<Data, any Error> {
        switch outcome {
        case .body(let data): .success(data)
        case .failure(let error): .failure(error)
        }
    }

    /// Waits out the delay (a cancelled wait is a `CancellationError`), then the outcome.
    func result() async -> Result<Data, any Error> {
        if let delay {
            do { try await Task.sleep(for: delay) } catch { return .failure(error) }
        }
        return settled
    }

    /// Waits out the delay, then returns the body or throws the error.
    func perform() async throws -> Data {
        try await result().get()
    }
}
