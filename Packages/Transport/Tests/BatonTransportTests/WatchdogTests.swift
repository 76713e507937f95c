import Foundation
import Synchronization
import Testing

@testable import BatonTransport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// deadline keeps about 900 bytes each (45 MB a round); one freed at `stop()` is reused
    /// by the next, and the memory stays flat. Memory is the process's, which other tests
    /// share, so the smallest growth of three rounds is the one compared.
    @Test func aStoppedWatchdogHoldsNoMemoryUntilItsDeadline() throws {
        let count = 50_000
        var growths: [Int] = []
        for _ in 0..<3 {
            guard let before = Self.memoryInUse() else { return }
            for _ in 0..<count {
                let watchdog = Watchdog(after: 3600) {}
                watchdog.stop()
            }
            guard let after = Self.memoryInUse() else { return }
            growths.append(after - before)
        }
        let smallest = growths.min() ?? 0
        #expect(smallest < count * 200, "stopped watchdogs kept \(smallest / count) bytes each (rounds: \(growths))")
    }

    /// The process's resident bytes on Linux, malloc's bytes in use on Apple platforms; nil
    /// where the system does not say.
    static func memoryInUse() -> Int? {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #elseif canImport(Darwin)
        var statistics = malloc_statistics_t()
        malloc_zone_statistics(nil, &statistics)
        return Int(statistics.size_in_use)
        #else
        return nil
        #endif
    }
}
