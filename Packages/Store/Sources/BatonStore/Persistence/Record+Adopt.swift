@_spi(Baton) import BatonRecords

extension Record {
    /// Gives a record nobody observes yet, holding no field, the cells of its row without
    /// telling anyone: the row's arrays become the record's as they are.
    @inline(__always)
    func adopt(_ cells: consuming RowCells) {
        adopt(slots: cells.slots, values: cells.values)
    }
}
