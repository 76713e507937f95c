@_spi(Baton) import BatonRecords

/// The store's records with its disk behind them, as the `PlanWalk` source of the check's
/// walk inside a read transaction: it fills memory as the walk goes. A record memory lacks
/// is entered empty, to get its row with the rest of its level (`PlanLink.pending`); a
/// record whose row was not asked for gets it at its first missing field; a root gets the
/// root fields it lacks before its fields are read. Otherwise as ``StoreSource``. Main
/// actor, one walk's life, inside the transaction that handed out `reader`.
@MainActor
struct ReadingSource: @MainActor StoreWalkSource {
    typealias Node = StoreNode

    let store: Store
    let table: RecordTable
    let reader: any PersistenceReader
    /// The records entered for links memory lacked, whose rows the next level reads.
    var batch: [Record] = []

    init(store: Store, reader: any PersistenceReader) {
        self.store = store
        self.table = store.table
        self.reader = reader
    }

    /// On the walk that may read: what `key` links to, in one probe of the table. A key
    /// memory lacks and whose row was not asked for gets an empty record, asked for at once
    /// and added to `batch`, whose row is read with the rest of its level. A record whose row
    /// was asked for and that holds nothing is awaiting it (or has an empty one): it is
    /// walked after its level is read.
    mutating func link(_ key: RecordKey) -> PlanLink<Node> {
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

    /// The value at `slot`; a record's row is read at its first missing field (not for a
    /// `__typename`, which a record without one still answers).
    mutating func value(_ slot: Slot, in node: Node) -> Value? {
        if let value = node.record[untracked: slot] { return value }
        guard node.state.row != .read, slot != .typename, !node.record.key.isRoot,
            table.state(node.record.key).row != .read
        else { return nil }
        store.fillRow(of: node.record, from: reader)
        return node.record[untracked: slot]
    }

    mutating func willRead(_ resolved: ResolvedSelection, in node: Node) {
        if node.record.key.isRoot { store.fillRootFields(node.record, resolved, from: reader) }
    }
}
