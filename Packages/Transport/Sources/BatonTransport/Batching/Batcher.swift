import Foundation
import Synchronization

/// Gathers operations into batches for an ``HTTPTransport`` with
/// ``HTTPTransport/Configuration/batching`` set, and hands each caller its own answer.
///
/// Thread-safe: its state is a ``BatchQueue`` behind a `Mutex`, changed only in short
/// critical sections that never suspend; continuations are resumed, and timers and sends
/// started or stopped, outside the lock. It belongs to no actor: a batch's window is one
/// timer (a task sleeping on the continuous clock, armed by the batch's first operation and
/// stopped when the batch fills or every caller leaves), and its send runs on a task of its
/// own on the global concurrent executor, so cancelling one caller never cancels the request
/// the others wait for.
final class Batcher: Sendable {
    let batching: HTTPTransport.Batching
    private let queue: Mutex<BatchQueue>

    init(batching: HTTPTransport.Batching) {
        self.batching = batching
        queue = Mutex(BatchQueue(maximumSize: batching.maximumSize))
    }

    /// The answer to the operation whose JSON object is `body`, sent in a batch of `key` by
    /// `send`, which answers every operation of a batch in order.
    ///
    /// Cancelling the calling task fails it with `TransportError.cancelled` at once; the
    /// batch goes on for the others, and is not sent (or stops on the wire) when none is left.
    func answer(_ body: Data, key: Batch.Key, send: @escaping BatchQueue.Send) async throws -> Data {
        let id = queue.withLock { $0.newID() }
        defer { queue.withLock { $0.forget(id: id) } }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { answer in
                let action = queue.withLock { $0.arrive(id: id, body: body, key: key, answer: answer, send: send) }
                switch action {
                case .none:
                    break
                case .armTimer(let batchID, let key):
                    armTimer(batchID: batchID, key: key)
                case .send(let batch, let send, let timer):
                    timer?.cancel()
                    start(batch, send)
                case .fail(let answer, let error):
                    answer.resume(throwing: error)
                }
            }
        } onCancel: {
            if case .fail(let answer, let stopping) = queue.withLock({ $0.cancel(id: id) }) {
                stopping?.cancel()
                answer.resume(throwing: TransportError.cancelled)
            }
        }
    }

    private func armTimer(batchID: UInt64, key: Batch.Key) {
        let window = batching.window
        let timer = Task {
            do {
                try await Task.sleep(for: window)
            } catch {
                return
            }
            if let (batch, send) = queue.withLock({ $0.windowEnded(batchID: batchID, key: key) }) {
                start(batch, send)
            }
        }
        if let stale = queue.withLock({ $0.timerArmed(timer, batchID: batchID, key: key) }) { stale.cancel() }
    }

    private func start(_ batch: Batch, _ send: @escaping BatchQueue.Send) {
        let task = Task {
            let results = await send(batch)
            for (answer, result) in queue.withLock({ $0.landed(batchID: batch.id, results) }) {
                answer.resume(with: result)
            }
        }
        if !queue.withLock({ $0.sendStarted(task, batchID: batch.id) }) { task.cancel() }
    }
}
