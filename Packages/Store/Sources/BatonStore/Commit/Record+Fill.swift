@_spi(Baton) import BatonRecords

extension Record {
    /// Fills a record nobody can observe yet (just made) with `snapshot`'s cells, without
    /// notifications. Cells arrive ascending by slot, so each store appends: this avoids the
    /// unspecialized generic path of `storeAll` across the module boundary.
    @inline(__always)
    func fill(with snapshot: RecordSnapshot) {
        for cell in snapshot.cells { store(cell.value, at: cell.slot) }
    }
}
