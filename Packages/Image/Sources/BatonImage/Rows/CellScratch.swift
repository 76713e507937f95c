import Foundation
import BatonRecords

/// Where a row's cells are decoded before they move into a row's arrays or a snapshot. Reused
/// from row to row, so a row read from disk costs one allocation for its values however many
/// cells it has, and its slots none when a recent row had the same ones: the records of one
/// type the store makes from them share one slot array (a record that later gains a field
/// copies it).
///
/// Not thread-safe: one belongs to each open ``ImageDatabase`` and is used under its lock.
final class CellScratch {
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Slot>
    @exclusivity(unchecked) private var values: UnsafeMutablePointer<Value>
    @exclusivity(unchecked) private(set) var count = 0
    /// Slot arrays of recent rows, reused by rows with the same slots.
    @exclusivity(unchecked) private var layouts: [ContiguousArray<Slot>] = []
    @exclusivity(unchecked) private var nextLayout = 0
    @exclusivity(unchecked) private var lastLayout = 0

    /// How many slot arrays are kept.
    private static let layoutCount = 8

    init(capacity: Int = 32) {
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
        values = .allocate(capacity: capacity)
    }

    deinit {
        values.deinitialize(count: count)
        values.deallocate()
        slots.deallocate()
    }

    @inline(__always)
    func append(_ slot: Slot, _ value: Value) {
        if count == capacity { grow() }
        (slots + count).initialize(to: slot)
        (values + count).initialize(to: value)
        count += 1
    }

    func removeAll() {
        values.deinitialize(count: count)
        count = 0
    }

    /// Sorts the cells ascending by slot; false when a slot comes twice (the cells are then
    /// left in no particular order). Rows keep the writing process's slot order: from this
    /// process they arrive sorted and cost one comparison a cell.
    func sortBySlot() -> Bool {
        var i = 1
        while i < count {
            let slot = slots[i]
            if slots[i - 1] < slot {
                i += 1
                continue
            }
            if slots[i - 1] == slot { return false }
            let value = (values + i).move()
            var j = i
            while j > 0 && slots[j - 1] > slot {
                slots[j] = slots[j - 1]
                (values + j).moveInitialize(from: values + j - 1, count: 1)
                j -= 1
            }
            slots[j] = slot
            (values + j).initialize(to: value)
            // Every slot after `j` is greater: only the one before can equal it.
            if j > 0 && slots[j - 1] == slot { return false }
            i += 1
        }
        return true
    }

    /// Moves the cells (sorted, no slot twice) out as parallel arrays, the slots a recent
    /// row's array when it had the same ones, and empties the scratch.
    func takeCells() -> (slots: ContiguousArray<Slot>, values: ContiguousArray<Value>) {
        let n = count
        count = 0
        guard n > 0 else { return ([], []) }
        // `reserveCapacity` then `append` stay specialized for `Value`; building the array
        // with `unsafeUninitializedCapacity` looks the storage type up at run time.
        var valueArray = ContiguousArray<Value>()
        valueArray.reserveCapacity(n)
        for i in 0..<n { valueArray.append((values + i).move()) }
        return (layout(n), valueArray)
    }

    /// A slot array equal to the first `n` slots: a recent row's, or a new one kept for the
    /// rows after.
    private func layout(_ n: Int) -> ContiguousArray<Slot> {
        // The last row's first: rows of one type tend to come together.
        if lastLayout < layouts.count, matches(layouts[lastLayout], n) { return layouts[lastLayout] }
        var i = 0
        while i < layouts.count {
            if matches(layouts[i], n) {
                lastLayout = i
                return layouts[i]
            }
            i += 1
        }
        let fresh = ContiguousArray(UnsafeBufferPointer(start: slots, count: n))
        if layouts.count < Self.layoutCount {
            lastLayout = layouts.count
            layouts.append(fresh)
        } else {
            lastLayout = nextLayout
            layouts[nextLayout] = fresh
            nextLayout = (nextLayout + 1) % Self.layoutCount
        }
        return fresh
    }

    /// Whether `layout` holds the first `n` slots.
    @inline(__always)
    private func matches(_ layout: ContiguousArray<Slot>, _ n: Int) -> Bool {
        layout.withUnsafeBufferPointer { layout in
            layout.count == n && memcmp(layout.baseAddress!, slots, n * MemoryLayout<Slot>.stride) == 0
        }
    }

    /// Moves the cells (sorted, no slot twice) into a new snapshot and empties the scratch.
    func takeSnapshot(key: RecordKey) -> RecordSnapshot {
        var cells: [RecordSnapshot.Cell] = []
        cells.reserveCapacity(count)
        for i in 0..<count {
            cells.append(RecordSnapshot.Cell(slot: slots[i], value: (values + i).move()))
        }
        count = 0
        return RecordSnapshot(key: key, unsortedCells: cells)
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newSlots = UnsafeMutablePointer<Slot>.allocate(capacity: newCapacity)
        let newValues = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
        newSlots.initialize(from: slots, count: count)
        newValues.moveInitialize(from: values, count: count)
        slots.deallocate()
        values.deallocate()
        slots = newSlots
        values = newValues
        capacity = newCapacity
    }
}
