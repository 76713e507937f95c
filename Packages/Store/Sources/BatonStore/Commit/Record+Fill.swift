@_spi(Baton) import BatonRecords

extension Record {
    /// A record nobody can observe yet holding `snapshot`'s cells, made without
    /// notifications. The cells arrive ascending by slot, so each of the record's arrays is
    /// allocated once, at its size, and filled in order, never grown.
    static func made(from snapshot: RecordSnapshot) -> Record {
        let cells = snapshot.cells
        var slots = ContiguousArray<Slot>()
        var values = ContiguousArray<Value>()
        slots.reserveCapacity(cells.count)
        values.reserveCapacity(cells.count)
        for cell in cells {
            slots.append(cell.slot)
            values.append(cell.value)
        }
        return Record(key: snapshot.key, slots: slots, values: values)
    }
}
