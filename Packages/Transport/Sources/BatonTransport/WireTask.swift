import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession task an exchange has on the wire now: a redirect replaces it with the next
/// hop's, and a cancellation or a timeout cancels whichever is current and every one
/// installed after it.
///
/// Thread-safe: behind a mutex.
final class WireTask: Sendable {
    private let state = Mutex<(task: URLSessionTask?, cancelled: Bool)>((nil, false))

    /// Makes `task` the current one; cancels it at once when the exchange was cancelled already.
    func install(_ task: URLSessionTask) {
        let cancelled = state.withLock { current -> Bool in
            current.task = task
            return current.cancelled
        }
        if cancelled { task.cancel() }
    }

    /// Cancels the current task and every one installed later.
    func cancel() {
        state.withLock { current -> URLSessionTask? in
            current.cancelled = true
            return current.task
        }?.cancel()
    }

    /// Cancels the current task (a no-op once it completed) without touching later ones.
    func cancelCurrent() {
        state.withLock { $0.task }?.cancel()
    }
}
