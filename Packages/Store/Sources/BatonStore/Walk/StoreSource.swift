@_spi(Baton) import BatonRecords

/// The store's records in memory as a `PlanWalk`'s source: a record in view is walked, one
/// deleted or hidden by a layer is a null, and a root field never fetched resolves through
/// the store's lookups. The check's walk inside a read transaction has its own source,
/// ``ReadingSource``. Main actor, one walk's life.
@MainActor
struct StoreSource: @MainActor StoreWalkSource {
    typealias Node = StoreNode

    let store: Store
    let table: RecordTable

    init(store: Store) {
        self.store = store
        self.table = store.table
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
    func value(_ slot: Slot, in node: Node) -> Value? { node.record[untracked: slot] }
}
