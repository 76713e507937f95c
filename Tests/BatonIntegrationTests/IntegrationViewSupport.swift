import Foundation
import Observation
import Synchronization

/// Views as a test sees them: named closures over lenses run inside
/// `withObservationTracking`; each invalidation is counted under the view's name (as a
/// re-render would be), and ``rerender(_:)`` tracks a view again. Safe from any thread: the
/// counts are behind a lock, since `onChange` runs where the change is made.
final class IntegrationViews: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// How many times each view was invalidated, by name; views never invalidated are absent.
    var fired: [String: Int] { counts.withLock { $0 } }

    /// Runs `body` as the view `name`: tracked, counted when a field it read changes.
    @MainActor
    func render(_ name: String, _ body: () -> Void) {
        withObservationTracking(
            body,
            onChange: { [self] in
                counts.withLock { $0[name, default: 0] += 1 }
            })
    }

    /// Forgets the counts.
    func reset() {
        counts.withLock { $0.removeAll() }
    }
}

/// Waits (yielding, then sleeping a millisecond at a time, up to five seconds) until
/// `condition` holds; returns whether it did.
@MainActor
@discardableResult
func integrationEventually(_ condition: () -> Bool) async -> Bool {
    for attempt in 0..<5_000 {
        if condition() { return true }
        if attempt < 50 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
    }
    return condition()
}
