@_spi(Baton) import BatonRecords

/// The store's records in memory as a `PlanWalk`'s source: a record in view is walked, one
/// deleted or hidden by a layer is a null, and a root field never fetched resolves through
/// the store's lookups. The check's walk inside a read transaction has its own source,
/// ``ReadingSource``. Main actor, one walk's life.
@MainActor
struct StoreSource: @MainActor PlanSource {
    typealias Node = StoreNode

    let store: Store
    /// The store's table, held apart: read at every link, it is used as borrowed, without
    /// reference counting (through `store`, each use retained it: check_memory_us +35%).
    let table: RecordTable

    init(store: Store) {
        self.store = store
        self.table = store.table
    }

    /// The root of `key`, as the walk starts from it; nil when memory lacks it.
    func root(_ key: RecordKey) -> Node? {
        let entry = table.entry(key)
        guard entry.state.presence == .live, let record = entry.record else { return nil }
        return Node(record: record, state: entry.state)
    }

    @inline(__always)
    func link(_ key: RecordKey) -> PlanLink<Node> {
        let position = table.position(of: key)
        let state = table.state(at: position)
        switch state.presence {
        case .live:
            return .node(Node(record: table.record(at: position).unsafelyUnwrapped, state: state))
        case .deleted, .hidden:
            return .null(key)
        case .absent:
            return .absent(key)
        }
    }

    @inline(__always)
    func typename(of node: Node) -> String? { node.record.typename }

    @inline(__always)
    func holds(_ slot: Slot, in node: Node) -> Bool { node.record.holdsField(untracked: slot) }

    @inline(__always)
    func value(_ slot: Slot, in node: Node) -> Value? { node.record[untracked: slot] }

    func lookup(_ field: FieldPlan, in node: Node) -> RecordKey? {
        node.record.key == .root ? store.lookupKey(in: node.record, field: field) : nil
    }
}
