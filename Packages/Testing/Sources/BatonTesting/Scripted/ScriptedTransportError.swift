import Foundation

/// Why a ``ScriptedTransport`` step failed. Each case names what the test was doing and the
/// requests the transport saw, so a failing test says what it waited for and what came.
public enum ScriptedTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No request matching `awaited` arrived within `timeout`; `seen` lists every request the
    /// transport received, in order, with what became of it.
    case timedOut(awaited: String, timeout: Duration, seen: [String])
    /// The end-of-test check found requests or streams nobody answered or ended; `held` names
    /// them. The check fails them all (so no task stays suspended) before throwing.
    case stillHeld([String])
    /// The test acted on a request that is no longer held: answered already, cancelled by its
    /// caller, or (a stream) finished or dropped by its consumer.
    case notHeld(String)

    public var description: String {
        switch self {
        case .timedOut(let awaited, let timeout, let seen):
            "timed out after \(timeout) waiting for \(awaited); requests seen: "
                + (seen.isEmpty ? "none" : seen.joined(separator: "; "))
        case .stillHeld(let held):
            "requests left held at the end of the test (nobody answered or ended them): "
                + held.joined(separator: "; ")
        case .notHeld(let request):
            "\(request) is no longer held: it was answered, cancelled or ended already"
        }
    }
}
