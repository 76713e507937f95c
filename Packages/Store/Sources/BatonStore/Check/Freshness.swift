import Foundation

/// When each operation was last fetched and when everything was last invalidated, measured
/// with the store's clock, and the launch's order of events. Part of one ``Store``; main
/// actor, with it. A record's own invalidation lives in its ``RecordState``.
struct Freshness {
    /// The store's clock.
    var now: @MainActor () -> Date
    /// When each operation last fetched, by its name and then its variables' text: this
    /// launch's commits, or what the disk remembered (`.unknown` where the disk was asked and
    /// remembered nothing, or failed, so it is not asked again). Keyed by the identity's two
    /// strings, not by ``OperationIdentity``: a dictionary or set keyed by it made a new
    /// process's first check look up `OperationIdentity: Hashable` for its metadata, which
    /// the Swift runtime on Linux does by scanning every conformance record of the process
    /// (about 0.37M instructions of a launch); `String: Hashable` is looked up long before.
    private var fetchTimes: [String: [String: FetchTime]] = [:]

    /// What ``fetchTimes`` knows of an operation it holds.
    private enum FetchTime {
        case fetched(Stamp)
        /// Asked of the persistence, which had none.
        case unknown
    }
    /// When ``Store/invalidateAll()`` last ran.
    var everythingInvalidated: Stamp?
    /// Orders fetches and invalidations of this launch even when the clock stands still.
    private var nextSequence = 1
    /// Who hears of each invalidation batch (``Store/observeInvalidations(_:_:)``).
    var invalidationObservers: [Store.InvalidationObserver] = []

    init(now: @escaping @MainActor () -> Date) {
        self.now = now
    }

    /// The next event of this launch, at `date` (the clock's time when nil).
    @MainActor
    mutating func nextStamp(at date: Date? = nil) -> Stamp {
        defer { nextSequence += 1 }
        return Stamp(date: date ?? now(), sequence: nextSequence)
    }

    /// When `operation` last fetched, as far as this launch knows.
    func fetched(_ operation: OperationIdentity) -> Stamp? {
        guard case .fetched(let stamp)? = fetchTimes[operation.name]?[operation.variables] else { return nil }
        return stamp
    }

    /// Records `operation` as fetched at `time`.
    @MainActor
    mutating func recordFetch(_ operation: OperationIdentity, at time: Date) {
        fetchTimes[operation.name, default: [:]][operation.variables] = .fetched(nextStamp(at: time))
    }

    /// Whether the check must ask the persistence when `operation` last fetched.
    func needsLoading(_ operation: OperationIdentity) -> Bool {
        fetchTimes[operation.name]?[operation.variables] == nil
    }

    /// Records what the persistence said of `operation`'s last fetch: `date`, or none.
    mutating func noteLoaded(_ operation: OperationIdentity, fetchedAt date: Date?) {
        fetchTimes[operation.name, default: [:]][operation.variables] =
            date.map { .fetched(Stamp(date: $0, sequence: 0)) } ?? .unknown
    }
}
