@_spi(Baton) import BatonRecords

extension Store {
    /// Holds `plan`'s operation (with its variables) against collection until the token is
    /// released.
    public func retain(_ plan: OperationPlan) -> RetainToken {
        let id = retention.retain(plan)
        return RetainToken(id: id, operation: plan.identity, store: self)
    }

    func release(_ id: Int) {
        retention.release(id)
    }

    /// The operations retained now.
    public var retainedOperations: [OperationIdentity] {
        retention.retained.keys.sorted().map { retention.retained[$0]!.identity }
    }

    /// The released operations collection still keeps, oldest first.
    public var bufferedOperations: [OperationIdentity] {
        retention.releaseBuffer.map(\.identity)
    }

    /// Frees from memory every record no retained or buffered operation reads, walking each
    /// one's selections from its root through links (only the fields it selects), and no
    /// optimistic layer touches or links to. The roots stay. Memory only: the persistence
    /// keeps its rows. Returns how many records were freed.
    @discardableResult
    public func collect() -> Int {
        var marked: Set<RecordKey> = [.root, .mutationRoot, .subscriptionRoot]
        marked.reserveCapacity(table.count)
        var visited: Set<Visit> = []
        for plan in retention.retained.values { mark(plan, &marked, &visited) }
        for plan in retention.releaseBuffer { mark(plan, &marked, &visited) }
        for layer in overlay.layers {
            for (key, cells) in layer.cells {
                marked.insert(key)
                for value in cells.values { value.forEachLink { marked.insert($0) } }
            }
        }
        for key in overlay.coveredKeys { marked.insert(key) }
        var freed = 0
        table.updateAll { key, state, record in
            guard !marked.contains(key) else { return }
            switch state.presence {
            case .live:
                // The record leaves memory, with what was read of its row and its invalidation.
                record = nil
                state = .blank
                freed += 1
            case .deleted:
                state.presence = .absent
            case .absent, .hidden:
                break
            }
        }
        return freed
    }

    /// The keys of the records `plan`'s operation reads, as collection walks it: from its
    /// root, through the links its selections follow (and the store's lookups).
    public func reachableKeys(_ plan: OperationPlan) -> Set<RecordKey> {
        var marked: Set<RecordKey> = []
        var visited: Set<Visit> = []
        mark(plan, &marked, &visited)
        return marked
    }

    private func mark(_ plan: OperationPlan, _ marked: inout Set<RecordKey>, _ visited: inout Set<Visit>) {
        guard let root = table[plan.rootKey] else { return }
        marked.insert(root.key)
        markObject(root, plan.root, &marked, &visited)
    }

    private func markObject(
        _ record: Record, _ selection: SelectionPlan, _ marked: inout Set<RecordKey>, _ visited: inout Set<Visit>
    ) {
        guard visited.insert(Visit(record: ObjectIdentifier(record), selection: ObjectIdentifier(selection))).inserted
        else { return }
        for field in selection.resolved(for: record.typename).fields {
            guard let selection = field.selection else { continue }
            if let connection = field.connection, let merged = record[untracked: connection.slot] {
                markValue(merged, selection, &marked, &visited)
            }
            if let value = record[untracked: field.field.slot] {
                markValue(value, selection, &marked, &visited)
            } else if record.key == .root, let key = lookupKey(in: record, field: field) {
                markValue(.link(key), selection, &marked, &visited)
            }
        }
    }

    private func markValue(
        _ value: Value, _ selection: SelectionPlan, _ marked: inout Set<RecordKey>, _ visited: inout Set<Visit>
    ) {
        switch value {
        case .link(let key):
            let entry = table.entry(key)
            guard entry.state.presence == .live, let target = entry.record else {
                if entry.state.presence == .deleted { marked.insert(key) }
                return
            }
            marked.insert(key)
            markObject(target, selection, &marked, &visited)
        case .list(let elements):
            for element in elements { markValue(element, selection, &marked, &visited) }
        default:
            return
        }
    }
}
