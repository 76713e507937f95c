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
    var cells: [RecordKey: [Slot: Value]] = [:]
    /// The records the layer deletes (hides) while it shows.
    var deletions: Set<RecordKey> = []

    func value(_ key: RecordKey, _ slot: Slot) -> Value? {
        cells[key]?[slot]
    }
}
