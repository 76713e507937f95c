@_spi(Baton) import BatonRecords

/// A record in a walk over the store, with its table state when the walk reached it.
///
/// Holds its record unretained: the store's table holds every record a walk reaches for the
/// walk's life (walks add records, never remove one), so handing nodes around costs no
/// reference counting, and a walk that does not read a record does not touch it
/// (collect_50k_ms).
struct StoreNode {
    unowned(unsafe) let record: Record
    let state: RecordState
    /// For a record the reading walk entered to wait for its row: where it is in the
    /// source's `batch`; -1 otherwise.
    var batchIndex: Int32 = -1
    /// Where the record is in the store's table, when the walk over memory found it through
    /// a link (valid while the table does not change); ``RecordTable/Position/none`` otherwise.
    var position = RecordTable.Position.none
}
