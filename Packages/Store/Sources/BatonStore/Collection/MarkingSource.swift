@_spi(Baton) import BatonRecords

/// A record collection's walk reached, with where it is in the store's table. Holds its
/// record borrowed (``BorrowedRecord``): the table holds every record for the walk's life
/// (marking changes nothing else), and a retain would touch every record reached, most of
/// which the walk never reads (collect_50k_ms; `profile collect-50k 2` 30.20M → 30.10M
/// instructions against `unowned(unsafe)`).
struct MarkNode: StoreWalkNode {
    let borrowed: BorrowedRecord
    let position: RecordTable.Position

    init(record: Record, state: RecordState, at position: RecordTable.Position) {
        self.borrowed = BorrowedRecord(record)
        self.position = position
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
