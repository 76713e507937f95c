/// A record's row as a persistence read it: its cells as parallel arrays, `values[i]` the
/// value of `slots[i]`, the slots ascending with none twice. The store moves the arrays into
/// the record the row is for as they are, so a persistence that shares one slot array
/// between rows of the same fields (the SQLite image does) gives the records that sharing.
///
/// A value: safe on any thread.
public struct RowCells: Sendable, Hashable {
    public let slots: ContiguousArray<Slot>
    public let values: ContiguousArray<Value>

    /// The cells `values[i]` in `slots[i]`; nil unless the slots ascend with none twice and
    /// there is a value for each.
    @inlinable
    public init?(slots: ContiguousArray<Slot>, values: ContiguousArray<Value>) {
        guard slots.count == values.count, Self.ascend(slots) else { return nil }
        self.slots = slots
        self.values = values
    }

    /// The cells of `snapshot`, which keeps them ascending by slot.
    public init(_ snapshot: RecordSnapshot) {
        var slots = ContiguousArray<Slot>()
        var values = ContiguousArray<Value>()
        slots.reserveCapacity(snapshot.cells.count)
        values.reserveCapacity(snapshot.cells.count)
        for cell in snapshot.cells {
            slots.append(cell.slot)
            values.append(cell.value)
        }
        self.slots = slots
        self.values = values
    }

    public var count: Int { slots.count }

    /// The cells as a snapshot of the record `key`.
    public func snapshot(key: RecordKey) -> RecordSnapshot {
        RecordSnapshot(
            key: key, unsortedCells: zip(slots, values).map { RecordSnapshot.Cell(slot: $0, value: $1) })
    }

    @inlinable
    static func ascend(_ slots: ContiguousArray<Slot>) -> Bool {
        slots.withUnsafeBufferPointer { slots in
            var i = 1
            while i < slots.count {
                if slots[i - 1] >= slots[i] { return false }
                i += 1
            }
            return true
        }
    }
}
