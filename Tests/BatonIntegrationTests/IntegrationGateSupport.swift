import Foundation
import Synchronization
import BatonNormalize

/// A transport that answers from `inner` except for the operations it holds: a request for
/// one of those waits until the test calls ``answer()`` or ``fail()``, in order of arrival.
/// Safe from any thread.
final class IntegrationGate: Transport {
    enum Failure: Error {
        case unreachable
    }

    private let inner: any Transport
    private let held: Set<String>
    private let waiting = Mutex<[CheckedContinuation<Bool, Never>]>([])

    init(_ inner: any Transport, holding operations: Set<String>) {
        self.inner = inner
        self.held = operations
    }

    /// How many held requests are waiting.
    var waitingCount: Int { waiting.withLock { $0.count } }

    func send(_ request: GraphQLRequest) async throws -> Data {
        guard let name = request.operationName, held.contains(name) else { return try await inner.send(request) }
        let proceeds = await withCheckedContinuation { continuation in
            waiting.withLock { $0.append(continuation) }
        }
        guard proceeds else { throw Failure.unreachable }
        return try await inner.send(request)
    }

    /// Lets the oldest held request through to `inner`.
    func answer() { release(proceeding: true) }

    /// Fails the oldest held request as an unreachable network would.
    func fail() { release(proceeding: false) }

    private func release(proceeding: Bool) {
        let continuation = waiting.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        continuation?.resume(returning: proceeding)
    }
}
