@_spi(Baton) import BatonRecords

/// The optimistic layers a store shows over its base, bottom first, and the base cells
/// beneath the fields they cover. Part of one ``Store``; main actor, with it.
///
/// A covered cell's base value lives here while layers cover it (the record holds the
/// visible value), so a server commit writes beneath the layers and a revert shows what the
/// server said.
struct OptimisticOverlay {
    /// The layers shown, bottom first.
    private(set) var layers: [OptimisticLayer] = []
    /// For every field some layer covers: the base value under it (nil: the base lacks it).
    private var beneath: [RecordKey: [Slot: BaseCell]] = [:]
    private var nextID = 1

    /// Whether no layer covers any cell.
    var isEmpty: Bool { beneath.isEmpty }

    /// The records whose cells some layer covers.
    var coveredKeys: Dictionary<RecordKey, [Slot: BaseCell]>.Keys { beneath.keys }

    /// Whether a layer covers some cell of `key`.
    func covers(_ key: RecordKey) -> Bool {
        !beneath.isEmpty && beneath[key] != nil
    }

    /// What lies beneath the layers at `slot` of `key`, when a layer covers it.
    func beneath(_ key: RecordKey, _ slot: Slot) -> BaseCell? {
        beneath.isEmpty ? nil : beneath[key]?[slot]
    }

    /// The base cells beneath the layers for `key`.
    func cellsBeneath(_ key: RecordKey) -> [Slot: BaseCell]? {
        beneath.isEmpty ? nil : beneath[key]
    }

    /// Writes the base value beneath the cell, when a layer still covers it; whether it
    /// changed.
    mutating func writeBeneath(_ key: RecordKey, _ slot: Slot, _ value: Value?) -> Bool {
        guard let cell = beneath[key]?[slot], cell.value != value else { return false }
        beneath[key]![slot] = BaseCell(value: value)
        return true
    }

    /// Covers `slot` of `key`, keeping `base` beneath it unless it is covered already.
    mutating func cover(_ key: RecordKey, _ slot: Slot, keeping base: @autoclosure () -> Value?) {
        if beneath[key]?[slot] == nil { beneath[key, default: [:]][slot] = BaseCell(value: base()) }
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

    /// What shows at `slot` of `key` once a layer over it is removed: the value of the top
    /// layer still covering it, or else the base beneath, which is then no longer kept.
    mutating func uncover(_ key: RecordKey, _ slot: Slot) -> Value? {
        if let top = layers.last(where: { $0.value(key, slot) != nil }) { return top.value(key, slot) }
        let base = beneath[key]?[slot]?.value
        beneath[key]?[slot] = nil
        if beneath[key]?.isEmpty == true { beneath[key] = nil }
        return base
    }

    /// Whether a layer writes a cell of `key`.
    func writes(_ key: RecordKey) -> Bool {
        layers.contains { $0.cells[key] != nil }
    }

    /// Whether a layer deletes `key`.
    func deletes(_ key: RecordKey) -> Bool {
        layers.contains { $0.deletions.contains(key) }
    }

    /// Forgets the base beneath every cell of `key`: the server deleted the record, or it
    /// was a layer's own.
    mutating func forget(_ key: RecordKey) {
        if !beneath.isEmpty { beneath[key] = nil }
    }
}
