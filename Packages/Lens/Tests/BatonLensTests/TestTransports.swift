import Foundation
import Synchronization
import BatonLens

/// A transport that answers each request through `answer` (given the request and its
/// 1-based number) and counts requests. Safe from any thread.
final class ScriptedTransport: Transport {
    private let log = Mutex<[GraphQLRequest]>([])
    private let answer: @Sendable (GraphQLRequest, Int) async throws -> Data

    init(_ answer: @escaping @Sendable (GraphQLRequest, Int) async throws -> Data) {
        self.answer = answer
    }

    /// Answers every request with `text`.
    convenience init(answering text: String) {
        self.init { _, _ in Data(text.utf8) }
    }

    /// Never answers: waits until cancelled.
    static func silent() -> ScriptedTransport {
        ScriptedTransport { _, _ in
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        }
    }

    /// Fails every request.
    static func failing() -> ScriptedTransport {
        ScriptedTransport { _, _ in throw TestTransportError.unreachable }
    }

    var requests: [GraphQLRequest] { log.withLock { $0 } }
    var count: Int { log.withLock { $0.count } }

    func send(_ request: GraphQLRequest) async throws -> Data {
        let number = log.withLock { requests in
            requests.append(request)
            return requests.count
        }
        return try await answer(request, number)
    }
}

enum TestTransportError: Error {
    case unreachable
    case dropped
}

/// A transport whose requests wait until the test answers them, one at a time, in order.
final class GatedTransport: Transport {
    private let state = Mutex<(waiting: [CheckedContinuation<Data, any Error>], count: Int)>(([], 0))

    var count: Int { state.withLock { $0.count } }
    var waiting: Int { state.withLock { $0.waiting.count } }

    func send(_ request: GraphQLRequest) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            state.withLock {
                $0.waiting.append(continuation)
                $0.count += 1
            }
        }
    }

    /// Answers the oldest waiting request.
    func answer(_ result: Result<Data, any Error>) {
        let continuation = state.withLock { $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }
        continuation?.resume(with: result)
    }
}

/// A subscription transport: connection `n` (1-based) yields `connections[n-1].events` and
/// then finishes, throwing when `drops` is set. Counts connections.
final class StreamingTransport: Transport {
    struct Connection: Sendable {
        var events: [String]
        var drops: Bool
    }

    private let connections: [Connection]
    private let opened = Mutex(0)

    init(_ connections: [Connection]) {
        self.connections = connections
    }

    var connectionCount: Int { opened.withLock { $0 } }

    func send(_ request: GraphQLRequest) async throws -> Data {
        throw TestTransportError.unreachable
    }

    func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        let number = opened.withLock { count in
            count += 1
            return count
        }
        guard number <= connections.count else {
            return AsyncThrowingStream { $0.finish(throwing: TestTransportError.dropped) }
        }
        let connection = connections[number - 1]
        return AsyncThrowingStream { continuation in
            for event in connection.events { continuation.yield(Data(event.utf8)) }
            if connection.drops {
                continuation.finish(throwing: TestTransportError.dropped)
            } else {
                continuation.finish()
            }
        }
    }
}

/// A subscription transport that scripts each connection's stream events: connection `n`
/// (1-based) plays `connections[n-1]`, then stays open until its consumer goes; a connection
/// past the script fails with `failure`. Records the connections opened and the streams whose
/// consumer went away (`onTermination`). `payloads(for:)` plays the same script without the
/// connect signals, as a transport that has none.
final class StreamScriptTransport: Transport {
    enum Step: Sendable {
        case connected
        case payload(String)
        case fail(any Error & Sendable)
    }

    private let connections: [[Step]]
    private let failure: any Error & Sendable
    private let counts = Mutex((opened: 0, terminated: 0))

    init(_ connections: [[Step]], then failure: any Error & Sendable = TestTransportError.dropped) {
        self.connections = connections
        self.failure = failure
    }

    var opened: Int { counts.withLock { $0.opened } }
    var terminated: Int { counts.withLock { $0.terminated } }

    func send(_ request: GraphQLRequest) async throws -> Data {
        throw TestTransportError.unreachable
    }

    func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error> {
        let number = counts.withLock { counts in
            counts.opened += 1
            return counts.opened
        }
        let steps = number <= connections.count ? connections[number - 1] : [.fail(failure)]
        return AsyncThrowingStream { continuation in
            continuation.onTermination = { _ in self.counts.withLock { $0.terminated += 1 } }
            for step in steps {
                switch step {
                case .connected: continuation.yield(.connected)
                case .payload(let text): continuation.yield(.payload(Data(text.utf8)))
                case .fail(let error):
                    continuation.finish(throwing: error)
                    return
                }
            }
        }
    }

    func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        let events = events(for: request)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await event in events {
                        if case .payload(let payload) = event { continuation.yield(payload) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// An error a transport says retrying cannot cure, as an HTTP 403 would.
struct RefusedError: TransportFailure {
    var isPermanent: Bool { true }
}
