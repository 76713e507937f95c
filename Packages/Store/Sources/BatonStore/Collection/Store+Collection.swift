@_spi(Baton) import BatonRecords

extension Store {
    /// Holds `plan`'s operation (with its variables) against collection until the token is
    /// released.
    public func retain(_ plan: OperationPlan) -> RetainToken {
        let id = nextRetainID
        nextRetainID += 1
        retained[id] = plan
        return RetainToken(id: id, operation: plan.identity, store: self)
    }

    func release(_ id: Int) {
        guard let plan = retained.removeValue(forKey: id) else { return }
        guard releaseBufferSize > 0 else { return }
        releaseBuffer.append(plan)
        trimReleaseBuffer()
    }

    func trimReleaseBuffer() {
        if releaseBuffer.count > releaseBufferSize {
            releaseBuffer.removeFirst(releaseBuffer.count - releaseBufferSize)
        }
    }

    /// The operations retained now.
    public var retainedOperations: [OperationIdentity] {
        retained.keys.sorted().map { retained[$0]!.identity }
    }

    /// The released operations collection still keeps, oldest first.
    public var bufferedOperations: [OperationIdentity] {
        releaseBuffer.map(\.identity)
    }

    /// Frees from memory every record no retained or buffered operation reads, walking each
    /// one's selections from its root through links (only the fields it selects), and no
    /// optimistic layer touches or links to. The roots stay. Memory only: the persistence
    /// keeps its rows. Returns how many records were freed.
    @discardableResult
    public func collect() -> Int {
        var marked: Set<RecordKey> = [.root, .mutationRoot, .subscriptionRoot]
        marked.reserveCapacity(records.count)
        var visited: Set<Visit> = []
        for plan in retained.values { mark(plan, &marked, &visited) }
        for plan in releaseBuffer { mark(plan, &marked, &visited) }
        for layer in layers {
            for (key, cells) in layer.cells {
                marked.insert(key)
                for value in cells.values { value.forEachLink { marked.insert($0) } }
            }
        }
        for key in base.keys { marked.insert(key) }
        var freed: [RecordKey] = []
        for key in records.keys where !marked.contains(key) { freed.append(key) }
        for key in freed {
            records[key] = nil
            rowsRead.remove(key)
            invalidations[key] = nil
        }
        tombstones = tombstones.filter { marked.contains($0) }
        return freed.count
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
        guard let root = records[plan.rootKey] else { return }
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
            guard let target = records[key] else {
                if tombstones.contains(key) { marked.insert(key) }
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
