@_spi(Baton) import BatonRecords

/// The identity of an optimistic layer, handed out by the store in apply order. A value:
/// safe on any thread.
public struct OptimisticLayerID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public var description: String { "layer \(rawValue)" }
}

/// One optimistic layer: the visible values it puts over the base, by record and field.
/// Held by the store on the main actor until reverted or replaced by the server's answer.
struct OptimisticLayer {
    let id: OptimisticLayerID
    /// The operation whose optimistic response this is, if known.
    let operation: OperationIdentity?
    /// The values the layer shows, one snapshot per record (cells ascending by slot), as a
    /// change set of snapshots only: most often the optimistic change set itself, taken
    /// without copying a cell.
    var cells = ChangeSet()
    /// The record each of ``cells``' snapshots wrote, in their order: what the layer's
    /// removal uncovers, without finding it again.
    var records: [Record] = []
    /// The keys of the records the layer wrote that only layers had written (or that it
    /// made): the only ones its removal can leave without a writer.
    var layerOnlyKeys: [RecordKey] = []
    /// The records the layer deletes (hides) while it shows.
    var deletions: Set<RecordKey> = []

    func value(_ key: RecordKey, _ slot: Slot) -> Value? {
        guard let index = cells.index(of: key) else { return nil }
        return cells.snapshots[index][slot]
    }

    /// Whether the layer writes a cell of `key`.
    func writes(_ key: RecordKey) -> Bool {
        cells.index(of: key) != nil
    }
}
