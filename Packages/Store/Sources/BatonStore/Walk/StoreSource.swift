@_spi(Baton) import BatonRecords

/// The store's records in memory as a `PlanWalk`'s source: a record in view is walked, one
/// deleted or hidden by a layer is a null, and a root field never fetched resolves through
/// the store's lookups (all of it ``StoreWalkSource``'s). The check's walk inside a read
/// transaction has its own source, ``ReadingSource``; collection's, ``MarkingSource``. Main
/// actor, one walk's life.
@MainActor
struct StoreSource: @MainActor StoreWalkSource {
    typealias Node = StoreNode

    let store: Store
    let table: RecordTable

    init(store: Store) {
        self.store = store
        self.table = store.table
    }
}
