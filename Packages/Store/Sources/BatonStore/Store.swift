import Foundation
@_spi(Baton) import BatonRecords

/// The normalized cache, which is the UI's state: every record the process holds, by key.
///
/// Main-actor only, like the records it holds: views read records synchronously, and the
/// store's own work, commits, optimistic layers, the availability check and collection, runs
/// in main-actor turns, each whole. Decoding and normalizing a server's response happen off
/// the main actor (`Ingest`); the store receives the resulting `ChangeSet`.
///
/// The three roots exist from the start with their `__typename`s. A ``Persistence`` (the
/// SQLite image, when linked) is asked for rows by the check and handed what each commit
/// changed, and its faults are kept as ``persistenceFault`` and told to observers; the store
/// does nothing else for it.
@MainActor
public final class Store {
    // The check reads these at every link it walks (and `persistence`, `rootFieldsRead` and
    // `lastPersistenceError` at every record). They are main-actor state and no access to
    // them overlaps another (none is held across a call), so they skip the dynamic
    // exclusivity check, as `Record`'s storage does.

    /// The records held in memory, by key, roots included.
    let records = RecordTable()
    /// Keys deleted by a commit and not written since: a link to one reads as missing (no
    /// record) yet the check counts it as present, as a null, and never asks the disk for it.
    @exclusivity(unchecked) var tombstones: Set<RecordKey> = []
    /// Keys the check asked the persistence for this launch and found no row for (a record
    /// whose row it read is marked `rowWasRead` instead).
    @exclusivity(unchecked) var rowsRead: Set<RecordKey> = []
    /// Root fields the check asked the persistence for this launch (the roots are a row per
    /// field): asking again cannot find more.
    @exclusivity(unchecked) var rootFieldsRead: [RecordKey: Set<Slot>] = [:]

    /// The rules that normalize responses and name the roots' types.
    public let normalization: Normalization
    /// The disk behind the store, if any.
    @exclusivity(unchecked) public internal(set) var persistence: (any Persistence)?
    /// Whether ``end()`` ran: an ended store holds nothing and commits nothing.
    public internal(set) var isEnded = false
    /// The store's clock: fetch times, invalidations and maxAge are measured with it.
    public var now: @MainActor () -> Date
    /// How root fields that take an id resolve to records the store holds before they were
    /// ever fetched.
    public var lookups: [LookupRule]

    // Optimistic layers (Overlay/).
    var layers: [OptimisticLayer] = []
    /// For every field some layer covers: the base value under it (nil: the base lacks it).
    var base: [RecordKey: [Slot: BaseCell]] = [:]
    /// Records that exist only because a layer wrote them.
    var layerOnlyRecords: Set<RecordKey> = []
    /// Records a layer deletes: out of memory's view until no layer deletes them, kept so
    /// the same object comes back (and so base commits still reach them).
    @exclusivity(unchecked) var hidden: [RecordKey: Record] = [:]
    var nextLayerID = 1

    // Fetch times (Commit/Store+Commit.swift, Check/Store+Check.swift) and invalidation
    // (Check/Store+Invalidation.swift).
    var fetchTimes: [OperationIdentity: Stamp] = [:]
    /// Operations whose fetch time was asked of the persistence already (found or not).
    var fetchTimesLoaded: Set<OperationIdentity> = []
    @exclusivity(unchecked) var invalidations: [RecordKey: Stamp] = [:]
    var everythingInvalidated: Stamp?
    /// Orders fetches and invalidations of this launch even when the clock stands still.
    var nextSequence = 1

    // Collection (Collection/Store+Collection.swift).
    var retained: [Int: OperationPlan] = [:]
    var nextRetainID = 1
    var releaseBuffer: [OperationPlan] = []
    /// How many released operations collection keeps, most recent first.
    public var releaseBufferSize: Int {
        didSet { trimReleaseBuffer() }
    }

    /// The last error the persistence threw while the check read from it; the check treats
    /// what it could not read as missing.
    @exclusivity(unchecked) public private(set) var lastPersistenceError: (any Error)?

    // Persistence faults (Persistence/Store+PersistenceFault.swift).
    /// The latest fault the persistence reported, or nil: set on the main actor in a turn
    /// after the persistence reported it. A fault from before the store was made arrives the
    /// same way, a turn after the initializer.
    public internal(set) var persistenceFault: PersistenceFault?
    var faultObservers: [FaultObserver] = []

    /// A store holding the three roots, typed as `normalization`'s schema names them.
    /// - Parameters:
    ///   - normalization: the rules responses are normalized by; its schema names the roots' types.
    ///   - persistence: the disk to read missing records from and hand commits to.
    ///   - lookups: rules resolving never-fetched root fields by id.
    ///   - releaseBufferSize: how many released operations collection still keeps.
    ///   - now: the clock; tests and scripts pass one they can advance.
    public init(
        normalization: Normalization = Normalization(),
        persistence: (any Persistence)? = nil,
        lookups: [LookupRule] = [],
        releaseBufferSize: Int = 10,
        now: @escaping @MainActor () -> Date = { Date() }
    ) {
        self.normalization = normalization
        self.persistence = persistence
        self.lookups = lookups
        self.releaseBufferSize = max(0, releaseBufferSize)
        self.now = now
        for kind in [OperationKind.query, .mutation, .subscription] {
            let record = Record(key: Normalization.rootKey(for: kind))
            record.storeAll(
                CollectionOfOne((slot: Slot.typename, value: Value.string(normalization.rootTypename(for: kind)))))
            records[record.key] = record
        }
        persistence?.reportFaults(to: { [weak self] fault in
            Task { @MainActor in self?.notePersistenceFault(fault) }
        })
    }

    /// The record of `key`, if memory holds it. Untracked: which records exist is not
    /// observable; a view reaches records through links it read.
    public func record(_ key: RecordKey) -> Record? {
        records[key]
    }

    /// The query root.
    public var root: Record { records[.root]! }

    /// How many records memory holds, the roots included.
    public var recordCount: Int { records.count }

    /// The keys memory holds, sorted.
    public var keys: [RecordKey] { records.keys.sorted() }

    /// Whether `key` was deleted by a commit and not written since.
    public func isDeleted(_ key: RecordKey) -> Bool {
        tombstones.contains(key)
    }

    /// The record a link points to, or nil when memory does not hold it (deleted, collected,
    /// never fetched). Untracked.
    public func resolve(_ value: Value?) -> Record? {
        guard case .link(let key)? = value else { return nil }
        return records[key]
    }

    /// Everything memory holds as a change set of snapshots, keys sorted: for dumps and tests.
    /// Fields an optimistic layer covers read as the layer's value.
    public func snapshot() -> ChangeSet {
        ChangeSet(snapshots: records.keys.sorted().map { RecordSnapshot(records[$0]!) })
    }

    func notePersistenceError(_ error: any Error) {
        lastPersistenceError = error
    }
}
