/// Waits on the main actor until `holds()` is true: checks it, then yields (the first fifty
/// times) or sleeps a millisecond between checks, so the handles' tasks run. Throws
/// ``WaitError/timedOut(condition:timeout:lastSeen:location:)`` naming `condition` and the
/// call's file and line once `timeout` is spent.
///
/// The timeout counts the time the main actor let the wait run: a turn that came back late
/// because the main actor was busy with other work (another test's commit) is charged only a
/// few milliseconds, since what the wait waits for was queued behind the same work. On an
/// idle machine the timeout is the time on the clock.
///
/// It polls rather than tracking Observation so that a condition may read anything: a
/// handle's observable state, a transport's `requests`, a count kept by the test.
///
/// The timeouts default to ten seconds: a wait returns as soon as its condition holds.
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
    try await until(
        condition, timeout: timeout, fileID: fileID, line: line, observing: value, satisfies: holds,
        settledOtherwise: { _ in false })
}

/// ``until(_:timeout:fileID:line:observing:satisfies:)`` that gives up early, throwing
/// ``WaitError/settledOtherwise(condition:lastSeen:location:)``, when `settled(value())`
/// says what it watches has come to rest where nothing in flight can still make `holds` true
/// (a handle failed, with no fetch on its way). It gives up once that has been seen at
/// `settledChecks` checks in a row, each a turn of the main actor after the last: a task the
/// test started just before the wait (`Task { await handle.refetch() }`) runs in between and
/// sets its fetch on its way first.
@MainActor
@discardableResult
func until<Value>(
    _ condition: String, timeout: Duration, fileID: String, line: Int, observing value: () -> Value,
    satisfies holds: (Value) -> Bool, settledOtherwise settled: (Value) -> Bool
) async throws(WaitError) -> Value {
    var budget = WaitBudget(timeout)
    let location = "\(fileID):\(line)"
    var settledChecks = 0
    while true {
        let seen = value()
        if holds(seen) { return seen }
        settledChecks = settled(seen) ? settledChecks + 1 : 0
        if settledChecks == WaitBudget.settledChecks {
            throw .settledOtherwise(condition: condition, lastSeen: String(describing: seen), location: location)
        }
        if Task.isCancelled {
            throw .cancelled(condition: condition, lastSeen: String(describing: seen), location: location)
        }
        if budget.isSpent {
            throw .timedOut(
                condition: condition, timeout: timeout, lastSeen: String(describing: seen), location: location)
        }
        await budget.turn()
    }
}
