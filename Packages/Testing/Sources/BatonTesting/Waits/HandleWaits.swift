import BatonLens

extension QueryHandle {
    /// Waits until the handle's `phase` is `phase` (`.ready`, `.failed(.transport)`, …) and,
    /// by default, no refresh is running. A timeout throws
    /// ``WaitError/timedOut(condition:timeout:lastSeen:location:)`` naming the operation and the
    /// last phase, refresh and error seen.
    public func waitUntil(
        _ phase: QueryPhase, settled: Bool = true, timeout: Duration = .seconds(10), fileID: String = #fileID,
        line: Int = #line
    ) async throws(WaitError) {
        let condition = "QueryHandle<\(Op.self)> is \(phase)" + (settled ? " and not refreshing" : "")
        try await until(condition, timeout: timeout, fileID: fileID, line: line, observing: snapshot) { seen in
            seen.phase == phase && (!settled || !seen.isRefreshing)
        }
    }

    private func snapshot() -> HandleSnapshot<QueryPhase> {
        HandleSnapshot(phase: phase, isRefreshing: isRefreshing, count: nil, error: error.map { "\($0)" })
    }
}

extension SubscriptionHandle {
    /// Waits until the handle's `state` is `state` (`.open`, `.ended`, …). A timeout names the
    /// operation and the last state, event count and error seen.
    public func waitUntil(
        _ state: SubscriptionState, timeout: Duration = .seconds(10), fileID: String = #fileID, line: Int = #line
    ) async throws(WaitError) {
        let condition = "SubscriptionHandle<\(Op.self)> is \(state)"
        try await until(condition, timeout: timeout, fileID: fileID, line: line, observing: snapshot) {
            $0.phase == state
        }
    }

    /// Waits until the handle has committed at least `count` events in all.
    public func waitUntil(
        eventCount count: Int, timeout: Duration = .seconds(10), fileID: String = #fileID, line: Int = #line
    ) async throws(WaitError) {
        let condition = "SubscriptionHandle<\(Op.self)> has \(count) events"
        try await until(condition, timeout: timeout, fileID: fileID, line: line, observing: snapshot) {
            ($0.count ?? 0) >= count
        }
    }

    private func snapshot() -> HandleSnapshot<SubscriptionState> {
        HandleSnapshot(phase: state, isRefreshing: false, count: eventCount, error: error.map { "\($0)" })
    }
}

/// What a handle wait saw last, as its timeout message prints it.
struct HandleSnapshot<Phase: Equatable>: CustomStringConvertible {
    var phase: Phase
    var isRefreshing: Bool
    var count: Int?
    var error: String?

    var description: String {
        var parts = ["\(phase)"]
        if isRefreshing { parts.append("refreshing") }
        if let count { parts.append("\(count) events") }
        parts.append("error: \(error ?? "none")")
        return parts.joined(separator: ", ")
    }
}
