@_spi(Baton) import BatonRecords

/// A record in a walk over the store, with its table state when the walk reached it.
struct StoreNode: StoreWalkNode {
    let record: Record
    let state: RecordState
    /// For a record the reading walk entered to wait for its row: where it is in the
    /// source's `batch`; -1 otherwise.
    var batchIndex: Int32 = -1

    init(record: Record, state: RecordState, batchIndex: Int32 = -1) {
        self.record = record
        self.state = state
        self.batchIndex = batchIndex
    }

    init(record: Record, state: RecordState, at position: RecordTable.Position) {
        self.init(record: record, state: state)
    }
}
