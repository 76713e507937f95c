import Synchronization

/// One task a handle owns, cancellable from its `deinit` on any thread. Safe on any thread.
final class TaskSlot: Sendable {
    private let task = Mutex<Task<Void, Never>?>(nil)

    func replace(_ new: Task<Void, Never>) {
        task.withLock { old in
            old?.cancel()
            old = new
        }
    }

    func cancel() {
        task.withLock { current in
            current?.cancel()
            current = nil
        }
    }
}
