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
        assertMayChange("collection")
        // Marks ride in the table's entries (no set of keys): the walk marks what it reaches,
        // the sweep frees what it did not and clears the marks.
        var marking = PlanWalk(source: MarkingSource(store: self), visitor: Marking(store: self, marksTable: true))
        for key in [RecordKey.root, .mutationRoot, .subscriptionRoot] { table.mark(key) }
        for plan in retention.retained.values { mark(plan, &marking) }
        for plan in retention.releaseBuffer { mark(plan, &marking) }
        for layer in overlay.layers {
            for snapshot in layer.cells.snapshots {
                table.mark(snapshot.key)
                for cell in snapshot.cells { cell.value.forEachLink { table.mark($0) } }
            }
        }
        overlay.forEachCoveredRecord { table.mark($0.key) }
        // A record the sweep frees and a commit makes again may link elsewhere.
        listMemos.forgetAll()
        var freed = 0
        table.sweep { state, record in
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
        var marking = PlanWalk(source: MarkingSource(store: self), visitor: Marking(store: self, marksTable: false))
        mark(plan, &marking)
        return marking.visitor.marked
    }

    private func mark(_ plan: OperationPlan, _ marking: inout PlanWalk<MarkingSource, Marking>) {
        guard let root = marking.source.root(plan.rootKey) else { return }
        walking { marking.walk(root, plan.root) }
    }

    /// Collection's marking as a `PlanWalk` visitor: each record reached, once per
    /// selection, and each deleted key linked to (its deletion is kept). With `marksTable`,
    /// marks the table's entries; otherwise gathers the keys in ``marked``.
    @MainActor
    struct Marking: @MainActor PlanVisitor {
        typealias Node = MarkNode

        let store: Store
        let marksTable: Bool
        var marked: Set<RecordKey> = []
        /// The record and selection pairs walked, of records reached more than once: a
        /// record's first arrival is told by its mark, so a pair is walked at most twice and a
        /// record one link reaches costs no set.
        var visited = VisitSet()

        mutating func enter(_ node: Node, _ selection: SelectionPlan, _ resolved: ResolvedSelection, path: PlanPath)
            -> Void?
        {
            let first: Bool
            if marksTable {
                first = store.table.mark(at: node.position)
            } else {
                first = marked.insert(node.record.key).inserted
            }
            // Leaves lead nowhere: a selection without links is done once its record is marked.
            guard resolved.hasSelections else { return nil }
            if first { return () }
            let visit = RecordVisit(record: ObjectIdentifier(node.record), selection: ObjectIdentifier(selection))
            return visited.insert(visit) ? () : nil
        }

        mutating func null(_ key: RecordKey) {
            guard store.table.state(key).presence == .deleted else { return }
            if marksTable { store.table.mark(key) } else { marked.insert(key) }
        }
    }
}
