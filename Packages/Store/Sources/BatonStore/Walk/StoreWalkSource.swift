@_spi(Baton) import BatonRecords

/// A record a walk over the store reached, as the walk's source hands it out.
protocol StoreWalkNode {
    /// The record, held for the walk by the store's table.
    var borrowed: BorrowedRecord { get }
    /// The node of `record`, in view, found at `position` of the table in `state`.
    init(record: Record, state: RecordState, at position: RecordTable.Position)
}

extension StoreWalkNode {
    /// The record, as a strong reference where a caller keeps it.
    var record: Record { borrowed.record }

    /// `body`'s result on the node's record, which `body` borrows.
    @inline(__always)
    func withRecord<R>(_ body: (Record) throws -> R) rethrows -> R { try borrowed.withRecord(body) }
}

/// What the store's walk sources (``StoreSource``, ``ReadingSource``, ``MarkingSource``)
/// share: the store and its table, and how a record in memory answers a walk (these
/// witnesses, more specific than `PlanSource`'s defaults, are the ones the walk calls). A
/// source over memory alone takes `link` and `value` from here; the check's reading source
/// has its own. Main actor.
@MainActor
protocol StoreWalkSource: PlanSource where Node: StoreWalkNode {
    var store: Store { get }
    /// The store's table, held apart: read at every link, it is used as borrowed, without
    /// reference counting (through `store`, each use retained it: check_memory_us +35%).
    var table: RecordTable { get }
}

extension StoreWalkSource {
    /// The root of `key`, as the walk starts from it; nil when memory lacks it.
    func root(_ key: RecordKey) -> Node? {
        let position = table.position(of: key)
        let state = table.state(at: position)
        guard state.presence == .live, let record = table.record(at: position) else { return nil }
        return Node(record: record, state: state, at: position)
    }

    /// What `key` links to in memory, in one probe of the table: a record in view is walked,
    /// one deleted or hidden by a layer is a null.
    @inline(__always)
    func link(_ key: RecordKey) -> PlanLink<Node> {
        let position = table.position(of: key)
        let state = table.state(at: position)
        switch state.presence {
        case .live:
            return .node(Node(record: table.record(at: position).unsafelyUnwrapped, state: state, at: position))
        case .deleted, .hidden:
            return .null(key)
        case .absent:
            return .absent(key)
        }
    }

    @inline(__always)
    func typename(of node: Node) -> String? { node.withRecord { $0.typename } }

    @inline(__always)
    func holds(_ slot: Slot, in node: Node) -> Bool { node.withRecord { $0.holdsField(untracked: slot) } }

    @inline(__always)
    func value(_ slot: Slot, in node: Node) -> Value? { node.withRecord { $0[untracked: slot] } }

    /// A root field the record lacks resolves through the store's lookups.
    func lookup(_ field: FieldPlan, in node: Node) -> RecordKey? {
        node.record.key == .root ? store.lookupKey(in: node.record, field: field) : nil
    }
}
