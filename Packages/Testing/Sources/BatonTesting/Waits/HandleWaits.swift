import BatonLens

extension QueryHandle {
    /// Waits until the handle's `phase` is `phase` (`.ready`, `.failed(.transport)`, …) and,
    /// by default, no refresh is running. A timeout throws
    /// ``WaitError/timedOut(condition:timeout:lastSeen:location:)`` naming the operation and the
    /// last phase, refresh and error seen.
    ///
    /// A handle that fails while no fetch of its own is on its way (neither loading, nor
    /// refreshing, nor loading a page) stays failed until the test fetches again, so a wait
    /// for any other phase throws ``WaitError/settledOtherwise(condition:lastSeen:location:)``
    /// with the failure at once, instead of waiting out its timeout.
    public func waitUntil(
        _ phase: QueryPhase, settled: Bool = true, timeout: Duration = .seconds(10), fileID: String = #fileID,
        line: Int = #line
    ) async throws(WaitError) {
        let condition = "QueryHandle<\(Op.self)> is \(phase.waitText)" + (settled ? " and not refreshing" : "")
        try await until(
            condition, timeout: timeout, fileID: fileID, line: line, observing: snapshot,
            satisfies: { seen in seen.phase == phase && (!settled || !seen.isRefreshing) },
            settledOtherwise: { seen in
                guard case .failed = seen.phase, seen.phase != phase else { return false }
                return !seen.isRefreshing && !seen.isLoadingPage
            })
    }

    private func snapshot() -> HandleSnapshot<QueryPhase> {
        HandleSnapshot(
            phase: phase, isRefreshing: isRefreshing, isLoadingPage: isLoadingPage,
            count: nil, error: error.map { "\($0)" })
    }
}

extension SubscriptionHandle {
    /// Waits until the handle's `state` is `state` (`.open`, `.ended`, …). A timeout names the
    /// operation and the last state, event count and error seen. A subscription that fails or
    /// ends stays so until the test starts it again: a wait for another state then throws
    /// ``WaitError/settledOtherwise(condition:lastSeen:location:)`` at once.
    public func waitUntil(
        _ state: SubscriptionState, timeout: Duration = .seconds(10), fileID: String = #fileID, line: Int = #line
    ) async throws(WaitError) {
        let condition = "SubscriptionHandle<\(Op.self)> is \(state.waitText)"
        try await until(
            condition, timeout: timeout, fileID: fileID, line: line, observing: snapshot,
            satisfies: { $0.phase == state }, settledOtherwise: { Self.hasStopped($0.phase) })
    }

    /// Waits until the handle has committed at least `count` events in all; gives up at once
    /// (``WaitError/settledOtherwise(condition:lastSeen:location:)``) when the subscription has
    /// failed or ended short of them.
    public func waitUntil(
        eventCount count: Int, timeout: Duration = .seconds(10), fileID: String = #fileID, line: Int = #line
    ) async throws(WaitError) {
        let condition = "SubscriptionHandle<\(Op.self)> has \(count) events"
        try await until(
            condition, timeout: timeout, fileID: fileID, line: line, observing: snapshot,
            satisfies: { ($0.count ?? 0) >= count }, settledOtherwise: { Self.hasStopped($0.phase) })
    }

    /// Whether a subscription in `state` stays there until it is started again.
    private static func hasStopped(_ state: SubscriptionState) -> Bool {
        switch state {
        case .failed, .ended: true
        case .idle, .connecting, .open, .waiting, .parked: false
        }
    }

    private func snapshot() -> HandleSnapshot<SubscriptionState> {
        HandleSnapshot(
            phase: state, isRefreshing: false, isLoadingPage: false, count: eventCount,
            error: error.map { "\($0)" })
    }
}

/// What a handle wait saw last, as its timeout message prints it.
struct HandleSnapshot<Phase: WaitPhase>: CustomStringConvertible {
    var phase: Phase
    var isRefreshing: Bool
    var isLoadingPage: Bool
    var count: Int?
    var error: String?

    var description: String {
        var parts = [phase.waitText]
        if isRefreshing { parts.append("refreshing") }
        if isLoadingPage { parts.append("loading a page") }
        if let count { parts.append("\(count) events") }
        parts.append("error: \(error ?? "none")")
        return parts.joined(separator: ", ")
    }
}

/// A handle's phase or state as a wait's messages write it: `ready`, `waiting(attempt: 2)`,
/// `failed(.transport)` (where the default description names the failure's type in full).
protocol WaitPhase: Equatable {
    var waitText: String { get }
}

extension QueryPhase: WaitPhase {
    var waitText: String {
        switch self {
        case .loading: "loading"
        case .ready: "ready"
        case .failed(let kind): "failed(.\(kind.rawValue))"
        }
    }
}

extension SubscriptionState: WaitPhase {
    var waitText: String {
        switch self {
        case .failed(let kind): "failed(.\(kind.rawValue))"
        case .waiting(let attempt): "waiting(attempt: \(attempt))"
        case .idle, .connecting, .open, .parked, .ended: "\(self)"
        }
    }
}
