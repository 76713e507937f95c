import Foundation

/// When each operation was last fetched and when everything was last invalidated, measured
/// with the store's clock, and the launch's order of events. Part of one ``Store``; main
/// actor, with it. A record's own invalidation lives in its ``RecordState``.
struct Freshness {
    /// The store's clock.
    var now: @MainActor () -> Date
    /// When each operation last fetched: this launch's commits, or what the disk remembered.
    var fetchTimes: [OperationIdentity: Stamp] = [:]
    /// Operations whose fetch time was asked of the persistence already (found or not).
    var fetchTimesLoaded: Set<OperationIdentity> = []
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

    /// Records `operation` as fetched at `time`.
    @MainActor
    mutating func recordFetch(_ operation: OperationIdentity, at time: Date) {
        fetchTimes[operation] = nextStamp(at: time)
        fetchTimesLoaded.insert(operation)
    }

    /// Whether the check must ask the persistence when `operation` last fetched.
    func needsLoading(_ operation: OperationIdentity) -> Bool {
        fetchTimes[operation] == nil && !fetchTimesLoaded.contains(operation)
    }
}
