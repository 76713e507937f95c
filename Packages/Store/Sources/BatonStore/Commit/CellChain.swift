@_spi(Baton) import BatonRecords

/// A cell in a flat list where each record's cells are chained from its latest, each naming
/// the position of the same record's cell before it (-1 for the first): a commit's
/// ``WriteBuffer`` entries and the base cells beneath the ``OptimisticOverlay``.
protocol ChainedCell {
    var slot: Slot { get }
    var previous: Int32 { get }
}

extension Array where Element: ChainedCell {
    /// The position of the cell of `slot` in the chain starting at `head`, or -1.
    @inline(__always)
    func find(_ slot: Slot, from head: Int32) -> Int {
        var i = Int(head)
        while i >= 0 {
            if self[i].slot == slot { return i }
            i = Int(self[i].previous)
        }
        return -1
    }
}
