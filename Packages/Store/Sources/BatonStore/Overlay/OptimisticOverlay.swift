@_spi(Baton) import BatonRecords

/// The optimistic layers a store shows over its base, bottom first, and the base cells
/// beneath the fields they cover. Part of one ``Store``; main actor, with it.
///
/// A covered cell's base value lives here while layers cover it (the record holds the
/// visible value), so a server commit writes beneath the layers and a revert shows what the
/// server said. Per record one flat list of its covered cells (a layer covers a few fields of
/// a record), found with one probe by the record's identity: the record object stays the
/// key's while a layer covers it (the table keeps it, hidden or in view, and collection
/// keeps what layers cover).
struct OptimisticOverlay {
    /// The layers shown, bottom first.
    private(set) var layers: [OptimisticLayer] = []
    /// For every record some layer covers: the record and its covered cells, each with the
    /// base value under it (nil: the base lacks it).
    private var beneath: [RecordIdentity: Covered] = [:]
    private var nextID = 1

    /// Whether no layer covers any cell.
    var isEmpty: Bool { beneath.isEmpty }

    /// A covered record and its covered cells, in no particular order.
    struct Covered {
        let record: Record
        private(set) var cells: [BaseCell]

        init(record: Record, _ bases: [BaseCell]) {
            self.record = record
            self.cells = bases
        }

        /// The covered cell of `slot`, if covered.
        func cell(_ slot: Slot) -> BaseCell? {
            OptimisticOverlay.cell(slot, in: cells)
        }

        var isEmpty: Bool { cells.isEmpty }

        /// Covers the cells `bases` names that are not covered yet.
        mutating func add(_ bases: [BaseCell]) {
            for base in bases where cell(base.slot) == nil { cells.append(base) }
        }

        /// Writes the base value of the covered cell `slot`; whether it changed.
        mutating func write(_ value: Value?, at slot: Slot) -> Bool {
            guard let i = cells.firstIndex(where: { $0.slot == slot }), cells[i].value != value else { return false }
            cells[i].value = value
            return true
        }

        /// Uncovers the cell `slot` and returns it, if covered.
        mutating func take(_ slot: Slot) -> BaseCell? {
            guard let i = cells.firstIndex(where: { $0.slot == slot }) else { return nil }
            return cells.remove(at: i)
        }
    }

    /// The records some layer covers cells of.
    var covered: Dictionary<RecordIdentity, Covered>.Values { beneath.values }

    /// Whether a layer covers some cell of `record`.
    func covers(_ record: Record) -> Bool {
        !beneath.isEmpty && beneath[RecordIdentity(record)] != nil
    }

    /// What lies beneath the layers at `slot` of `record`, when a layer covers it.
    func beneath(_ record: Record, _ slot: Slot) -> BaseCell? {
        cellsBeneath(record).flatMap { Self.cell(slot, in: $0) }
    }

    /// The base cells beneath the layers for `record`.
    func cellsBeneath(_ record: Record) -> [BaseCell]? {
        beneath.isEmpty ? nil : beneath[RecordIdentity(record)]?.cells
    }

    /// The cell of `slot` among `cells`, if there.
    @inline(__always)
    static func cell(_ slot: Slot, in cells: [BaseCell]) -> BaseCell? {
        for cell in cells where cell.slot == slot { return cell }
        return nil
    }

    /// Writes the base value beneath the cell, when a layer still covers it; whether it
    /// changed.
    mutating func writeBeneath(_ record: Record, _ slot: Slot, _ value: Value?) -> Bool {
        guard let index = beneath.index(forKey: RecordIdentity(record)) else { return false }
        return beneath.values[index].write(value, at: slot)
    }

    /// Makes room for `count` more covered records.
    mutating func reserveCapacity(adding count: Int) {
        beneath.reserveCapacity(beneath.count + count)
    }

    /// Covers the cells of `record` that `bases` names, keeping each one's base value beneath
    /// unless it is covered already.
    mutating func cover(_ record: Record, _ bases: [BaseCell]) {
        let id = RecordIdentity(record)
        guard let index = beneath.index(forKey: id) else {
            beneath[id] = Covered(record: record, bases)
            return
        }
        beneath.values[index].add(bases)
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
        guard let index = beneath.index(forKey: RecordIdentity(record)) else { return nil }
        if layers.isEmpty { return beneath.values[index].cell(slot) }
        for layer in layers.reversed() {
            if let value = layer.value(record.key, slot) { return BaseCell(slot: slot, value: value) }
        }
        let cell = beneath.values[index].take(slot)
        if beneath.values[index].isEmpty { beneath.remove(at: index) }
        return cell
    }

    /// Forgets every base cell when no layer is left to cover one.
    mutating func dropUncovered() {
        if layers.isEmpty { beneath = [:] }
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
        if !beneath.isEmpty { beneath[RecordIdentity(record)] = nil }
    }
}
