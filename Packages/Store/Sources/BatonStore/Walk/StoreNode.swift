@_spi(Baton) import BatonRecords

/// A record in a walk over the store, with its table state when the walk reached it.
///
/// Holds its record unretained: the store's table holds every record a walk reaches for the
/// walk's life (the walks over `StoreNode`s, the check's and the connection search's, add
/// records and remove none; a change begun inside one traps in debug builds,
/// `Store+Reentrance.swift`). The walk's reads of a record's fields go through
/// ``withRecord(_:)``, a reference the compiler neither retains nor releases: a node that
/// held its record strongly retained and released it at each link (`profile check 10`:
/// 8.13M → 7.37M instructions, `check_memory_us` 76.5 → 65.6–67.6 over three interleaved
/// rounds). Held `unowned(unsafe)` instead, each use made a strong copy (+17%).
struct StoreNode: StoreWalkNode {
    private let reference: Unmanaged<Record>
    let state: RecordState
    /// For a record the reading walk entered to wait for its row: where it is in the
    /// source's `batch`; -1 otherwise.
    var batchIndex: Int32 = -1

    init(record: Record, state: RecordState, batchIndex: Int32 = -1) {
        self.reference = .passUnretained(record)
        self.state = state
        self.batchIndex = batchIndex
    }

    init(record: Record, state: RecordState, at position: RecordTable.Position) {
        self.init(record: record, state: state)
    }

    /// The record, as a strong reference made from the unretained one where a caller keeps
    /// it.
    var record: Record { reference.takeUnretainedValue() }

    @inline(__always)
    func withRecord<R>(_ body: (Record) throws -> R) rethrows -> R {
        try reference._withUnsafeGuaranteedRef(body)
    }
}
