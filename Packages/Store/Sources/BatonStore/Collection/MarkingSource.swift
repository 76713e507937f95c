@_spi(Baton) import BatonRecords

/// A record collection's walk reached, with where it is in the store's table. Holds its
/// record unretained: the table holds every record for the walk's life (marking changes
/// nothing else), and a retain would touch every record reached, most of which the walk
/// never reads (collect_50k_ms).
struct MarkNode {
    unowned(unsafe) let record: Record
    let position: RecordTable.Position
}

/// The store's records in memory as collection's `PlanWalk` source: as ``StoreSource``
/// walks them (a record in view is walked, one deleted or hidden by a layer is a null, a
/// root field never fetched resolves through the store's lookups), handing out
/// ``MarkNode``s. Main actor, one walk's life.
@MainActor
struct MarkingSource: @MainActor PlanSource {
    typealias Node = MarkNode

    let store: Store
    let table: RecordTable

    init(store: Store) {
        self.store = store
        self.table = store.table
    }

    /// The root of `key`, as the walk starts from it; nil when memory lacks it.
    func root(_ key: RecordKey) -> MarkNode? {
        let position = table.position(of: key)
        guard table.state(at: position).presence == .live, let record = table.record(at: position) else { return nil }
        return MarkNode(record: record, position: position)
    }

    @inline(__always)
    func link(_ key: RecordKey) -> PlanLink<MarkNode> {
        let position = table.position(of: key)
        switch table.state(at: position).presence {
        case .live:
            return .node(MarkNode(record: table.record(at: position).unsafelyUnwrapped, position: position))
        case .deleted, .hidden:
            return .null(key)
        case .absent:
            return .absent(key)
        }
    }

    @inline(__always)
    func typename(of node: MarkNode) -> String? { node.record.typename }

    @inline(__always)
    func holds(_ slot: Slot, in node: MarkNode) -> Bool { node.record.holdsField(untracked: slot) }

    @inline(__always)
    func value(_ slot: Slot, in node: MarkNode) -> Value? { node.record[untracked: slot] }

    /// A root field the record lacks resolves through the store's lookups.
    func lookup(_ field: FieldPlan, in node: MarkNode) -> RecordKey? {
        node.record.key == .root ? store.lookupKey(in: node.record, field: field) : nil
    }
}
