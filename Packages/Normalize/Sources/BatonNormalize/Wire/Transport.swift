import Foundation

/// What the rest of Baton sees of the network: a request in, response bytes out.
///
/// Implementations are `Sendable` and called from any task; cancelling the calling task
/// cancels the request on the wire. A GraphQL `errors` member is not a transport failure:
/// the bytes go to the ingest, which stores each error where it belongs.
public protocol Transport: Sendable {
    /// Sends `request` and answers with the whole response body.
    func send(_ request: GraphQLRequest) async throws -> Data

    /// Sends `request` and answers with each payload as it arrives: the parts of an
    /// incremental (`@defer`) response, or a subscription's events. The sequence ends when
    /// the server ends the response and throws if the transport fails.
    func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error>

    /// ``payloads(for:)`` with the transport's word that the stream is up: ``StreamEvent/connected``
    /// as soon as it knows (before any payload), then each payload. A subscription reads this,
    /// so it shows as connected, and a reconnection clears its last error, before the first
    /// event arrives. Errors thrown should say whether they are permanent (``TransportFailure``).
    func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error>
}

extension Transport {
    /// A transport that has no streaming answers each request with one payload: the whole body.
    public func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    continuation.yield(try await send(request))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// A transport that cannot tell when a stream is up sends its payloads alone: the first
    /// one says it.
    public func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await payload in payloads(for: request) { continuation.yield(.payload(payload)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
