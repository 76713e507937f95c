@_spi(Baton) import BatonRecords

/// What the store's two walk sources (``StoreSource``, ``ReadingSource``) share: the store
/// and its table, and how a record in memory answers a walk (these witnesses, more specific than
/// `PlanSource`'s defaults, are the ones the walk calls). Main actor.
@MainActor
protocol StoreWalkSource: PlanSource where Node == StoreNode {
    var store: Store { get }
    /// The store's table, held apart: read at every link, it is used as borrowed, without
    /// reference counting (through `store`, each use retained it: check_memory_us +35%).
    var table: RecordTable { get }
}

extension StoreWalkSource {
    /// The root of `key`, as the walk starts from it; nil when memory lacks it.
    func root(_ key: RecordKey) -> StoreNode? {
        let entry = table.entry(key)
        guard entry.state.presence == .live, let record = entry.record else { return nil }
        return StoreNode(record: record, state: entry.state)
    }

    @inline(__always)
    func typename(of node: StoreNode) -> String? { node.record.typename }

    @inline(__always)
    func holds(_ slot: Slot, in node: StoreNode) -> Bool { node.record.holdsField(untracked: slot) }

    /// A root field the record lacks resolves through the store's lookups.
    func lookup(_ field: FieldPlan, in node: StoreNode) -> RecordKey? {
        node.record.key == .root ? store.lookupKey(in: node.record, field: field) : nil
    }
}
