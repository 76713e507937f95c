import BatonTestSupport
import Foundation
import Synchronization
import Testing

@testable import BatonTransport

/// The transport's request timer (`Watchdog`): it fires once unless stopped, and a stopped
/// one holds nothing until its deadline (the long session of `make soak` found each request
/// holding about a kilobyte for its whole 30 s timeout after it ended).
@Suite struct WatchdogTests {
    @Test func aWatchdogLeftRunningFiresItsActionOnceAfterTheDelay() async throws {
        let runs = Atomic<Int>(0)
        let watchdog = Watchdog(after: 0.05) { runs.add(1, ordering: .relaxed) }
        let deadline = ContinuousClock.now + .seconds(5)
        while runs.load(ordering: .relaxed) == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(runs.load(ordering: .relaxed) == 1)
        #expect(watchdog.fired)
    }

    @Test func aStoppedWatchdogNeverFires() async throws {
        let runs = Atomic<Int>(0)
        let watchdog = Watchdog(after: 0.05) { runs.add(1, ordering: .relaxed) }
        watchdog.stop()
        try await Task.sleep(for: .milliseconds(200))
        #expect(runs.load(ordering: .relaxed) == 0)
        #expect(!watchdog.fired)
    }

    /// 50,000 stopped watchdogs with an hour to go: a timer left scheduled until its
    /// deadline keeps about 1.4 KB each (70 MB a round); one freed at `stop()` is reused
    /// by the next, and the resident memory stays flat. It is the process's, which other
    /// tests running at the same time share, so the smallest growth of three rounds is the
    /// one compared, against half of what the leak would keep (a round under parallel tests
    /// on a loaded machine grew up to 13 MB without it).
    @Test func aStoppedWatchdogHoldsNoMemoryUntilItsDeadline() async throws {
        let count = 50_000
        var growths: [Int] = []
        for _ in 0..<3 {
            guard let before = ResidentMemory.bytes() else { return }
            for _ in 0..<count {
                let watchdog = Watchdog(after: 3600) {}
                watchdog.stop()
            }
            // A cancelled timer is freed on its queue, a moment after stop(); one left
            // scheduled stays for the hour.
            try await Task.sleep(for: .milliseconds(100))
            guard let after = ResidentMemory.bytes() else { return }
            growths.append(after - before)
        }
        let smallest = growths.min() ?? 0
        #expect(smallest < count * 700, "stopped watchdogs kept \(smallest / count) bytes each (rounds: \(growths))")
    }
}
