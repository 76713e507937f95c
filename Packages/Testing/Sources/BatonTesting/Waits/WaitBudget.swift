/// The time a wait may spend, counted in the time its task could run.
///
/// A wait polls in turns: it yields (the first fifty turns) or sleeps a millisecond, then
/// looks again. A turn that comes back much later than it asked was spent queued behind
/// other work on the wait's executor (the main actor of a whole `swift test` run on two
/// cores, hundreds of suites committing fixtures on it, was measured ten seconds deep);
/// what the wait waits for (a handle's landing, a request's sender) is queued there too and
/// could not move either, so each turn is charged at most what it asked plus a small
/// allowance. On an idle machine every turn is charged in full and the budget is the
/// timeout on the clock.
struct WaitBudget {
    /// The most a turn is charged beyond what it asked.
    static let allowance: Duration = .milliseconds(20)
    /// How many checks in a row must see a wait's condition settled out of reach before the
    /// wait gives up (see `until(_:timeout:fileID:line:observing:satisfies:settledOtherwise:)`).
    static let settledChecks = 3

    let timeout: Duration
    private(set) var spent: Duration = .zero
    private var turns = 0

    init(_ timeout: Duration) {
        self.timeout = timeout
    }

    var isSpent: Bool { spent >= timeout }

    /// Waits one turn on the caller's actor and charges it.
    nonisolated(nonsending) mutating func turn() async {
        turns += 1
        let asked: Duration = turns <= 50 ? .zero : .milliseconds(1)
        let start = ContinuousClock.now
        if asked == .zero { await Task.yield() } else { try? await Task.sleep(for: asked) }
        spent += min(ContinuousClock.now - start, asked + Self.allowance)
    }
}
