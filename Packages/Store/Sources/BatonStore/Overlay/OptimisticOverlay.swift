@_spi(Baton) import BatonRecords

/// The optimistic layers a store shows over its base, bottom first, and the base cells
/// beneath the fields they cover. Part of one ``Store``; main actor, with it.
///
/// A covered cell's base value lives here while layers cover it (the record holds the
/// visible value), so a server commit writes beneath the layers and a revert shows what the
/// server said. Flat, as a commit's ``WriteBuffer``: every base cell in one list, each
/// record's cells chained from its latest, whose position one probe by the record's identity
/// finds. The record object stays the key's while a layer covers it (the table keeps it,
/// hidden or in view, and collection keeps what layers cover).
struct OptimisticOverlay {
    /// The layers shown, bottom first.
    private(set) var layers: [OptimisticLayer] = []
    /// For every record some layer covers: the record and where its chain in `cells` starts.
    private var beneath: [RecordIdentity: Covered] = [:]
    /// The base cells, each chained to its record's cell before it. A cell uncovered while
    /// other layers remain is unlinked from its chain and stays here, empty, until no layer is
    /// left or the unlinked cells are half of them, when the list is rebuilt.
    private var cells: [Beneath] = []
    /// How many of `cells` no chain reaches.
    private var unlinked = 0
    private var nextID = 1

    /// A covered record and the position of its latest base cell.
    private struct Covered {
        let record: Record
        var head: Int32
    }

    /// A covered cell's base value (nil: the base lacks the field), and the position of the
    /// same record's cell before it, or -1.
    private struct Beneath: ChainedCell {
        let slot: Slot
        var value: Value?
        var previous: Int32
    }

    /// Whether no layer covers any cell.
    var isEmpty: Bool { beneath.isEmpty }

    /// Calls `body` with each record some layer covers cells of.
    func forEachCoveredRecord(_ body: (Record) -> Void) {
        for covered in beneath.values { body(covered.record) }
    }

    /// Whether a layer covers some cell of `record`.
    func covers(_ record: Record) -> Bool {
        chain(of: record) >= 0
    }

    /// Where the chain of `record`'s base cells starts: -1 when no layer covers it.
    @inline(__always)
    func chain(of record: Record) -> Int32 {
        beneath.isEmpty ? -1 : beneath[RecordIdentity(record)]?.head ?? -1
    }

    /// The position of the base cell of `slot` in the chain starting at `head`, or -1.
    @inline(__always)
    func find(_ slot: Slot, from head: Int32) -> Int {
        cells.find(slot, from: head)
    }

    /// The base cell at `position` (``find(_:from:)``).
    @inline(__always)
    func cell(at position: Int) -> BaseCell {
        BaseCell(slot: cells[position].slot, value: cells[position].value)
    }

    /// The position of the cell before the one at `position` in its chain, or -1.
    @inline(__always)
    func previous(of position: Int) -> Int32 {
        cells[position].previous
    }

    /// What lies beneath the layers at `slot` of `record`, when a layer covers it.
    func beneath(_ record: Record, _ slot: Slot) -> BaseCell? {
        let i = find(slot, from: chain(of: record))
        return i >= 0 ? cell(at: i) : nil
    }

    /// Calls `body` with each base cell beneath the layers for `record`.
    func forEachCell(of record: Record, _ body: (BaseCell) -> Void) {
        var i = Int(chain(of: record))
        while i >= 0 {
            body(cell(at: i))
            i = Int(cells[i].previous)
        }
    }

    /// Writes the base value of the covered cell at `position`; whether it changed.
    mutating func writeBeneath(at position: Int, _ value: Value?) -> Bool {
        guard cells[position].value != value else { return false }
        cells[position].value = value
        return true
    }

    /// Makes room for `count` more covered records, of a cell each.
    mutating func reserveCapacity(adding count: Int) {
        beneath.reserveCapacity(beneath.count + count)
        cells.reserveCapacity(cells.count + count)
    }

    /// Covers `slot` of `record`, keeping `base` beneath it (nil: the base lacks the field),
    /// unless it is covered already.
    mutating func cover(_ record: Record, _ slot: Slot, base: Value?) {
        let id = RecordIdentity(record)
        let head = beneath[id]?.head ?? -1
        guard find(slot, from: head) < 0 else { return }
        cells.append(Beneath(slot: slot, value: base, previous: head))
        beneath[id, default: Covered(record: record, head: -1)].head = Int32(cells.count - 1)
    }

    /// A new, empty layer, with the next identity.
    mutating func makeLayer(operation: OperationIdentity?) -> OptimisticLayer {
        defer { nextID += 1 }
        return OptimisticLayer(id: OptimisticLayerID(rawValue: nextID), operation: operation)
    }

    /// Shows `layer` above the others.
    mutating func push(_ layer: OptimisticLayer) {
        layers.append(layer)
    }

    /// Takes the layer `id` out; nil when it is gone already.
    mutating func remove(_ id: OptimisticLayerID) -> OptimisticLayer? {
        guard let index = layers.firstIndex(where: { $0.id == id }) else { return nil }
        return layers.remove(at: index)
    }

    /// What shows at `slot` of `record` once a layer over it is removed: the value of the top
    /// layer still covering it, or else the base beneath, which is then no longer kept (once
    /// no layer is left, every base cell at once: ``dropUncovered()``). Nil when no layer
    /// covered the cell (the server deleted the record since): what shows there is the base
    /// already.
    mutating func uncover(_ record: Record, _ slot: Slot) -> BaseCell? {
        let id = RecordIdentity(record)
        guard let index = beneath.index(forKey: id) else { return nil }
        let head = beneath.values[index].head
        if layers.isEmpty {
            let i = find(slot, from: head)
            return i >= 0 ? cell(at: i) : nil
        }
        for layer in layers.reversed() {
            if let value = layer.value(record.key, slot) { return BaseCell(slot: slot, value: value) }
        }
        // Unlinked from the chain: from its head, or from the cell after it.
        var after = -1
        var i = Int(head)
        while i >= 0 && cells[i].slot != slot {
            after = i
            i = Int(cells[i].previous)
        }
        guard i >= 0 else { return nil }
        let taken = cell(at: i)
        let previous = cells[i].previous
        if after >= 0 {
            cells[after].previous = previous
        } else if previous >= 0 {
            beneath.values[index].head = previous
        } else {
            beneath.remove(at: index)
        }
        unlink(i)
        compactIfSparse()
        return taken
    }

    /// Forgets every base cell when no layer is left to cover one.
    mutating func dropUncovered() {
        guard layers.isEmpty else { return }
        beneath = [:]
        cells = []
        unlinked = 0
    }

    /// Whether a layer writes a cell of `key`.
    func writes(_ key: RecordKey) -> Bool {
        layers.contains { $0.writes(key) }
    }

    /// Whether a layer deletes `key`.
    func deletes(_ key: RecordKey) -> Bool {
        layers.contains { $0.deletions.contains(key) }
    }

    /// Forgets the base beneath every cell of `record`: the server deleted it, or it was a
    /// layer's own.
    mutating func forget(_ record: Record) {
        guard !beneath.isEmpty, let covered = beneath.removeValue(forKey: RecordIdentity(record)) else { return }
        var i = Int(covered.head)
        while i >= 0 {
            let previous = Int(cells[i].previous)
            unlink(i)
            i = previous
        }
        compactIfSparse()
    }

    /// Empties the cell at `position`, which no chain reaches any more.
    private mutating func unlink(_ position: Int) {
        cells[position].value = nil
        cells[position].previous = -1
        unlinked += 1
    }

    /// Rebuilds `cells` from the chains once half of them are unlinked: while a layer stays
    /// (a mutation whose answer has not come), others come and go without growing the list.
    private mutating func compactIfSparse() {
        guard unlinked >= 32 && unlinked * 2 >= cells.count else { return }
        var kept: [Beneath] = []
        kept.reserveCapacity(cells.count - unlinked)
        for index in beneath.indices {
            let head = Int32(kept.count)
            var i = Int(beneath.values[index].head)
            while i >= 0 {
                let previous = Int(cells[i].previous)
                kept.append(
                    Beneath(
                        slot: cells[i].slot, value: cells[i].value, previous: previous >= 0 ? Int32(kept.count + 1) : -1
                    )
                )
                i = previous
            }
            beneath.values[index].head = head
        }
        cells = kept
        unlinked = 0
        assert(cellCount == cells.count)
    }

    /// How many cells the layers cover, across records: a walk of every chain.
    var cellCount: Int {
        var count = 0
        for covered in beneath.values {
            var i = Int(covered.head)
            while i >= 0 {
                count += 1
                i = Int(cells[i].previous)
            }
        }
        return count
    }

    /// How many cells the overlay holds, those no chain reaches among them.
    var storedCellCount: Int { cells.count }
}
