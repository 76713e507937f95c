import Dispatch
import Foundation
import Synchronization

/// Runs an action once after a delay unless stopped first, and remembers whether it ran:
/// how the transport turns "too long" into `TransportError.timeout`.
///
/// The delay is a dispatch timer, which ``stop()`` cancels and frees at once. (A sleeping
/// task would not do: a cancelled `Task.sleep` leaves its wake-up scheduled until the
/// deadline, about 1.4 KB each, so every request would hold memory for the whole
/// timeout after it ended.)
///
/// Thread-safe; the action runs on a global dispatch queue.
final class Watchdog: Sendable {
    private let state = Mutex<(fired: Bool, stopped: Bool)>((false, false))
    private let timer: Mutex<any DispatchSourceTimer>

    init(after seconds: TimeInterval, action: @escaping @Sendable () -> Void) {
        let source = DispatchSource.makeTimerSource(queue: .global())
        source.schedule(deadline: .now() + max(0, seconds))
        timer = Mutex(source)
        timer.withLock { source in
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let fires = self.state.withLock { current -> Bool in
                    guard !current.stopped else { return false }
                    current.fired = true
                    return true
                }
                if fires { action() }
            }
            source.resume()
        }
    }

    deinit {
        timer.withLock { $0.cancel() }
    }

    /// True when the delay passed before `stop()`.
    var fired: Bool { state.withLock { $0.fired } }

    /// Stops the timer; the action will not run if it has not yet.
    func stop() {
        state.withLock { $0.stopped = true }
        timer.withLock { $0.cancel() }
    }
}
