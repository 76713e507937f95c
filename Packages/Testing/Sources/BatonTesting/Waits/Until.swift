/// Waits on the main actor until `holds()` is true: checks it, then yields (the first fifty
/// times) or sleeps a millisecond between checks, so the handles' tasks run. Throws
/// ``WaitError/timedOut(condition:timeout:lastSeen:location:)`` naming `condition` and the
/// call's file and line after `timeout`.
///
/// It polls rather than tracking Observation so that a condition may read anything: a
/// handle's observable state, a transport's `requests`, a count kept by the test.
///
/// The timeouts default to ten seconds: a wait returns as soon as its condition holds, and a
/// whole test suite running in parallel can keep the main actor and the cooperative pool busy
/// for seconds (two proved too short for a fetch to land under `swift test` at the root).
@MainActor
public func until(
    _ condition: String = "the condition holds", timeout: Duration = .seconds(10), fileID: String = #fileID,
    line: Int = #line, _ holds: () -> Bool
) async throws(WaitError) {
    try await until(
        condition, timeout: timeout, fileID: fileID, line: line, observing: { holds() ? "true" : "false" },
        satisfies: { $0 == "true" })
}

/// Waits on the main actor until `holds(value())` is true, and returns that value. A timeout
/// throws ``WaitError/timedOut(condition:timeout:lastSeen:location:)`` with the last value
/// seen, so a failing wait says where it was stuck (the phase a handle stayed in, a count
/// that stopped short).
@MainActor
@discardableResult
public func until<Value>(
    _ condition: String, timeout: Duration = .seconds(10), fileID: String = #fileID, line: Int = #line,
    observing value: () -> Value, satisfies holds: (Value) -> Bool
) async throws(WaitError) -> Value {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    let location = "\(fileID):\(line)"
    var attempt = 0
    var lastChance = false
    while true {
        let seen = value()
        if holds(seen) { return seen }
        if Task.isCancelled {
            throw .cancelled(condition: condition, lastSeen: String(describing: seen), location: location)
        }
        if lastChance {
            throw .timedOut(
                condition: condition, timeout: timeout, lastSeen: String(describing: seen), location: location)
        }
        attempt += 1
        if ContinuousClock.now >= deadline {
            // The main actor may have been busy past the deadline (another test's synchronous
            // work): let the jobs queued meanwhile (a fetch landing) run, then check once more.
            lastChance = true
            try? await Task.sleep(for: .milliseconds(10))
        } else if attempt < 50 {
            await Task.yield()
        } else {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}
