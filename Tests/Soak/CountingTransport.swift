import BatonLens
import Foundation
import Synchronization

/// A transport in front of another that sees what a subscription receives: the number each
/// payload carries (`noteAdded.id` `seq-<n>-…` of the test server's numbered stream), in the
/// order the stream handed them on, and how many of its streams are alive (asked for and
/// not yet finished, failed or let go). Thread-safe.
final class CountingTransport: Transport {
    let inner: any Transport
    private let state = Mutex(State())

    struct State {
        var received: [Int] = []
        var liveStreams = 0
        var streamsOpened = 0
        /// Streams that came up (connected, or their first payload arrived).
        var streamsConnected = 0
    }

    init(_ inner: any Transport) {
        self.inner = inner
    }

    var received: [Int] { state.withLock { $0.received } }
    var liveStreams: Int { state.withLock { $0.liveStreams } }
    var streamsOpened: Int { state.withLock { $0.streamsOpened } }
    var streamsConnected: Int { state.withLock { $0.streamsConnected } }

    func send(_ request: GraphQLRequest) async throws -> Data {
        try await inner.send(request)
    }

    func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        inner.payloads(for: request)
    }

    func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error> {
        let upstream = inner.events(for: request)
        return AsyncThrowingStream { continuation in
            state.withLock {
                $0.liveStreams += 1
                $0.streamsOpened += 1
            }
            let task = Task { [self] in
                defer { self.state.withLock { $0.liveStreams -= 1 } }
                do {
                    var up = false
                    for try await event in upstream {
                        if !up {
                            up = true
                            self.state.withLock { $0.streamsConnected += 1 }
                        }
                        if case .payload(let data) = event, let seq = Self.sequenceNumber(data) {
                            self.state.withLock { $0.received.append(seq) }
                        }
                        continuation.yield(event)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// `n` of a payload `{"data": {"noteAdded": {"id": "seq-<n>-…"}}}`, or nil.
    static func sequenceNumber(_ payload: Data) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any],
            let data = object["data"] as? [String: Any], let note = data["noteAdded"] as? [String: Any],
            let id = note["id"] as? String, id.hasPrefix("seq-")
        else { return nil }
        return Int(id.dropFirst(4).prefix { $0 != "-" })
    }
}
