@_spi(Baton) import BatonRecords

/// The store's records as a `PlanWalk`'s source: a record in view is walked, one deleted
/// or hidden by a layer is a null, and a root field never fetched resolves through the
/// store's lookups.
///
/// With a reader (the check's walk inside a read transaction), the source also fills memory
/// from the disk: a record memory lacks is entered empty, to get its row with the rest of
/// its level (`PlanLink.pending`); a record whose row was not asked for gets it at its
/// first missing field; a root gets the root fields it lacks before its fields are read.
/// Main actor, one walk's life.
@MainActor
struct StoreSource: @MainActor PlanSource {
    /// A record in the walk, with its table state when the walk reached it.
    struct Node {
        let record: Record
        let state: RecordState
        /// For a record the reading walk entered to await its row: where it is in the
        /// source's `batch`; -1 otherwise.
        var batchIndex: Int32 = -1
    }

    let store: Store
    /// The store's table, held apart: read at every link, it is used as borrowed, without
    /// reference counting (through `store`, each use retained it: check_memory_us +35%).
    let table: RecordTable
    /// The persistence's reader, on the walk that may read.
    let reader: (any PersistenceReader)?
    /// Whether `reader` is set: tested at every link without copying the existential.
    let hasReader: Bool
    /// The records entered for links memory lacked, whose rows the next level reads.
    var batch: [Record] = []

    init(store: Store, reader: (any PersistenceReader)? = nil) {
        self.store = store
        self.table = store.table
        self.reader = reader
        self.hasReader = reader != nil
    }

    /// The root of `key`, as the walk starts from it; nil when memory lacks it.
    func root(_ key: RecordKey) -> Node? {
        let entry = table.entry(key)
        guard entry.state.presence == .live, let record = entry.record else { return nil }
        return Node(record: record, state: entry.state)
    }

    @inline(__always)
    mutating func link(_ key: RecordKey) -> PlanLink<Node> {
        if hasReader { return linkReading(key) }
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

    /// On the walk that may read: what `key` links to, in one probe of the table. A key
    /// memory lacks and whose row was not asked for gets an empty record, asked for at once
    /// and added to `batch`, whose row is read with the rest of its level. A record whose row
    /// was asked for and that holds nothing is awaiting it (or has an empty one): it is
    /// walked after its level is read.
    private mutating func linkReading(_ key: RecordKey) -> PlanLink<Node> {
        table.update(key) { state, record -> PlanLink<Node> in
            switch state.presence {
            case .deleted, .hidden:
                return .null(key)
            case .live:
                let node = Node(record: record.unsafelyUnwrapped, state: state)
                return state.row == .read && node.record.fieldCount == 0 ? .pending(node) : .node(node)
            case .absent:
                // Looked for before and not found: no second read.
                if state.row == .read { return .absent(key) }
                let made = Record(key: key)
                record = made
                state.presence = .live
                state.row = .read
                batch.append(made)
                return .pending(Node(record: made, state: state, batchIndex: Int32(batch.count - 1)))
            }
        }
    }

    @inline(__always)
    func typename(of node: Node) -> String? { node.record.typename }

    @inline(__always)
    func holds(_ slot: Slot, in node: Node) -> Bool { node.record.holdsField(untracked: slot) }

    @inline(__always)
    mutating func value(_ slot: Slot, in node: Node) -> Value? {
        if let value = node.record[untracked: slot] { return value }
        // The reading walk reads a record's row at its first missing field (not for a
        // `__typename`, which a record without one still answers).
        guard hasReader, node.state.row != .read, slot != .typename, !node.record.key.isRoot,
            table.state(node.record.key).row != .read, let reader
        else { return nil }
        store.fillRow(of: node.record, from: reader)
        return node.record[untracked: slot]
    }

    func lookup(_ field: FieldPlan, in node: Node) -> RecordKey? {
        node.record.key == .root ? store.lookupKey(in: node.record, field: field) : nil
    }

    @inline(__always)
    mutating func willRead(_ resolved: ResolvedSelection, in node: Node) {
        if hasReader, node.record.key.isRoot, let reader { store.fillRootFields(node.record, resolved, from: reader) }
    }
}
