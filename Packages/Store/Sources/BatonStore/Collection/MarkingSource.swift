@_spi(Baton) import BatonRecords

/// A record collection's walk reached, with where it is in the store's table. Holds its
/// record unretained: the table holds every record for the walk's life (marking changes
/// nothing else), and a retain would touch every record reached, most of which the walk
/// never reads (collect_50k_ms). Read as ``StoreNode`` reads its record, through
/// ``withRecord(_:)`` (`profile collect-50k 2`: 30.20M → 30.10M instructions against
/// `unowned(unsafe)`).
struct MarkNode: StoreWalkNode {
    private let reference: Unmanaged<Record>
    let position: RecordTable.Position

    init(record: Record, state: RecordState, at position: RecordTable.Position) {
        self.reference = .passUnretained(record)
        self.position = position
    }

    var record: Record { reference.takeUnretainedValue() }

    @inline(__always)
    func withRecord<R>(_ body: (Record) throws -> R) rethrows -> R {
        try reference._withUnsafeGuaranteedRef(body)
    }
}

/// The store's records in memory as collection's `PlanWalk` source: as ``StoreSource``
/// walks them (all of it ``StoreWalkSource``'s), handing out ``MarkNode``s. Main actor, one
/// walk's life.
@MainActor
struct MarkingSource: @MainActor StoreWalkSource {
    typealias Node = MarkNode

    let store: Store
    let table: RecordTable

    init(store: Store) {
        self.store = store
        self.table = store.table
    }
}
