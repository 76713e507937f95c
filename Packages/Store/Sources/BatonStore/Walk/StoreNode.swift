@_spi(Baton) import BatonRecords

/// A record in a walk over the store, with its table state when the walk reached it.
///
/// Holds its record borrowed (``BorrowedRecord``): the store's table holds every record a walk
/// reaches for the walk's life (the walks over `StoreNode`s, the check's and the connection
/// search's, add records and remove none). A node that held its record strongly retained and
/// released it at each link (`check_memory_us` 76.5 → 65.6–67.6 over three interleaved rounds).
struct StoreNode: StoreWalkNode {
    let borrowed: BorrowedRecord
    let state: RecordState
    /// For a record the reading walk entered to wait for its row: where it is in the
    /// source's `batch`; -1 otherwise.
    var batchIndex: Int32 = -1

    init(record: Record, state: RecordState, batchIndex: Int32 = -1) {
        self.borrowed = BorrowedRecord(record)
        self.state = state
        self.batchIndex = batchIndex
    }

    init(record: Record, state: RecordState, at position: RecordTable.Position) {
        self.init(record: record, state: state)
    }
}
