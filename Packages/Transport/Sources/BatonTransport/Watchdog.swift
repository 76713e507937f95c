import Foundation
import Synchronization

/// Runs an action once after a delay unless stopped first, and remembers whether it ran:
/// how the transport turns "too long" into `TransportError.timeout`.
///
/// Thread-safe.
final class Watchdog: Sendable {
    private let state = Mutex<(fired: Bool, stopped: Bool)>((false, false))
    private let timer = Mutex<Task<Void, Never>?>(nil)

    init(after seconds: TimeInterval, action: @escaping @Sendable () -> Void) {
        let task = Task { [self] in
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
            let fires = self.state.withLock { current -> Bool in
                guard !current.stopped else { return false }
                current.fired = true
                return true
            }
            if fires { action() }
        }
        timer.withLock { $0 = task }
    }

    /// True when the delay passed before `stop()`.
    var fired: Bool { state.withLock { $0.fired } }

    /// Stops the timer; the action will not run if it has not yet.
    func stop() {
        state.withLock { $0.stopped = true }
        timer.withLock { $0?.cancel() }
    }
}
