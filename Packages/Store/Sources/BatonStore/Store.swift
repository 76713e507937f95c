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
    // The check reads the table, the overlay and the link to the persistence at every link
    // it walks. They are main-actor state and no access to them overlaps another (none is
    // held across a call), so they skip the dynamic exclusivity check, as `Record`'s storage
    // does.

    /// Every key the store knows of, with its record if memory holds one: roots included.
    /// Room for 512 from the start (32 KB): a first screen fills that many without the
    /// table growing seven times (hydrate_898_ms).
    let table = RecordTable(minimumCapacity: 512)
    /// The optimistic layers over the base (Overlay/).
    @exclusivity(unchecked) var overlay = OptimisticOverlay()
    /// Fetch times and invalidation of everything (Check/), with the store's clock.
    var freshness: Freshness
    /// What collection keeps (Collection/).
    var retention: Retention
    /// The disk behind the store (Persistence/).
    @exclusivity(unchecked) var disk: PersistenceLink
    /// What inserts remember of the long lists they made (Commit/ListMemos.swift).
    @exclusivity(unchecked) var listMemos = ListMemos()
    #if DEBUG
    /// How many walks over the records, and how many commits, are under way
    /// (Store+Reentrance.swift), debug builds only.
    var walksUnderWay = 0
    var commitsUnderWay = 0
    #endif

    /// The rules that normalize responses and name the roots' types.
    public let normalization: Normalization
    /// How root fields that take an id resolve to records the store holds before they were
    /// ever fetched.
    public var lookups: [LookupRule]
    /// Whether ``end()`` ran: an ended store holds nothing and commits nothing.
    public internal(set) var isEnded = false

    /// The disk behind the store, if any.
    public var persistence: (any Persistence)? { disk.persistence }
    /// The store's clock: fetch times, invalidations and maxAge are measured with it.
    public var now: @MainActor () -> Date {
        get { freshness.now }
        set { freshness.now = newValue }
    }
    /// How many released operations collection keeps, most recent first.
    public var releaseBufferSize: Int {
        get { retention.bufferSize }
        set { retention.bufferSize = newValue }
    }
    /// The last error the persistence threw while the check read from it; the check treats
    /// what it could not read as missing.
    public var lastPersistenceError: (any Error)? { disk.lastError }
    /// The latest fault the persistence reported, or nil: set on the main actor in a turn
    /// after the persistence reported it. A fault from before the store was made arrives the
    /// same way, a turn after the initializer.
    public var persistenceFault: PersistenceFault? { disk.fault }

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
        self.disk = PersistenceLink(persistence: persistence)
        self.lookups = lookups
        self.retention = Retention(bufferSize: releaseBufferSize)
        self.freshness = Freshness(now: now)
        for kind in [OperationKind.query, .mutation, .subscription] {
            let record = Record(key: Normalization.rootKey(for: kind))
            record.storeAll(
                CollectionOfOne((slot: Slot.typename, value: Value.string(normalization.rootTypename(for: kind)))))
            table.show(record)
        }
        persistence?.reportFaults(to: { [weak self] fault in
            Task { @MainActor in self?.notePersistenceFault(fault) }
        })
    }

    /// The record of `key`, if memory holds it. Untracked: which records exist is not
    /// observable; a view reaches records through links it read.
    public func record(_ key: RecordKey) -> Record? {
        table[key]
    }

    /// How many times a record in view has left view, or given its key to another record:
    /// while this has not moved, every key that named a record in view still names the same
    /// record (which ``record(_:)`` returns). Keys coming into view do not move it.
    @_spi(Baton) public var recordDepartures: UInt64 { table.departures }

    /// The query root.
    public var root: Record { table[.root]! }

    /// How many records memory holds, the roots included.
    public var recordCount: Int { table.count }

    /// The keys memory holds, sorted.
    public var keys: [RecordKey] { table.keys.sorted() }

    /// Whether `key` was deleted by a commit and not written since.
    public func isDeleted(_ key: RecordKey) -> Bool {
        table.state(key).presence == .deleted
    }

    /// The record a link points to, or nil when memory does not hold it (deleted, collected,
    /// never fetched). Untracked.
    public func resolve(_ value: Value?) -> Record? {
        guard case .link(let key)? = value else { return nil }
        return table[key]
    }

    /// Everything memory holds as a change set of snapshots, keys sorted: for dumps and tests.
    /// Fields an optimistic layer covers read as the layer's value.
    public func snapshot() -> ChangeSet {
        ChangeSet(snapshots: table.keys.sorted().map { RecordSnapshot(table[$0]!) })
    }

    func notePersistenceError(_ error: any Error) {
        disk.lastError = error
    }
}
