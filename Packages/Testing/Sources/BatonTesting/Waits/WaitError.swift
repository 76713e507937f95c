/// Why a wait (``until(_:timeout:fileID:line:_:)`` and the handle waits) gave up. Each case
/// names the condition, where the wait was written, and what was last seen.
public enum WaitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `condition` did not hold within `timeout`; `lastSeen` is the last value observed.
    case timedOut(condition: String, timeout: Duration, lastSeen: String, location: String)
    /// The waiting task was cancelled before `condition` held.
    case cancelled(condition: String, lastSeen: String, location: String)
    /// What the wait watched came to rest where `condition` cannot come true without
    /// something the test does next: a query handle failed with no fetch on its way, a
    /// subscription failed or ended. Thrown as soon as it is seen, not after the timeout;
    /// `lastSeen` says how it failed.
    case settledOtherwise(condition: String, lastSeen: String, location: String)

    public var description: String {
        switch self {
        case .timedOut(let condition, let timeout, let lastSeen, let location):
            "timed out after \(timeout) waiting until \(condition) (\(location)); last seen: \(lastSeen)"
        case .cancelled(let condition, let lastSeen, let location):
            "cancelled while waiting until \(condition) (\(location)); last seen: \(lastSeen)"
        case .settledOtherwise(let condition, let lastSeen, let location):
            "gave up waiting until \(condition) (\(location)): it settled where nothing in flight can change it; "
                + "last seen: \(lastSeen)"
        }
    }
}
