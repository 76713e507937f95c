@_spi(Baton) import BatonRecords

extension Store {
    // MARK: - Applying a commit

    /// Carries out the commit planned in `context`: notifies fields linking to records that
    /// leave or come back, runs the three phases (the table changes in the middle one), and
    /// hands the base changes to the persistence.
    func finish(_ context: inout CommitContext) -> CommitSummary {
        defer { noteCommit(began: false) }
        if !context.removed.isEmpty {
            notifyLinks(to: context.removed, in: &context)
        }
        if !context.restored.isEmpty {
            notifyLinks(to: Set(context.restored.keys), in: &context)
        }
        var leavingView: Set<ObjectIdentifier> = []
        for key in context.removedOrder { if let record = table[key] { leavingView.insert(ObjectIdentifier(record)) } }
        if !context.createdOrder.isEmpty { table.reserveCapacity(table.entryCount + context.createdOrder.count) }
        if listMemos.isStale(after: context) { listMemos.forgetAll() }
        let plan = context
        let outcome = context.buffer.apply(leaving: leavingView) { updateTable(as: plan) }
        // Made from the table as the commit left it: records the commit created are in it.
        listMemos.makeScheduled(if: context.overlay.isEmpty) { memo(of: $0, uniqueBy: $1) }
        var summary = CommitSummary()
        summary.recordsCreated = context.createdOrder.count
        summary.recordsDeleted = context.removedOrder.count
        summary.recordsChanged = outcome.recordsChanged
        summary.fieldsWritten = outcome.fieldsWritten
        summary.fieldsNotified = outcome.fieldsNotified
        if let persistence = disk.persistence {
            let batch = persistenceBatch(for: context)
            if !batch.isEmpty { persistence.write(batch) }
        }
        return summary
    }

    /// The middle of the apply: the records `plan` creates come into view, those leaving
    /// become what the plan says, those a revert restores come back, the overlay becomes the
    /// plan's, and layer-only records the server wrote become the base's.
    private func updateTable(as plan: CommitContext) {
        let layerOnly = plan.createsLayerOnly
        for record in plan.createdOrder { table.show(record, layerOnly: layerOnly) }
        for (key, becomes) in plan.leaving {
            table.update(key) { state, record in
                switch becomes {
                case .hidden:
                    state.presence = .hidden
                case .deleted:
                    // Its row goes too: nothing of it is left to read.
                    record = nil
                    state.presence = .deleted
                    state.row = .unread
                    state.isLayerOnly = false
                case .absent, .live:
                    record = nil
                    state.presence = .absent
                    state.isLayerOnly = false
                }
            }
        }
        for key in plan.restored.keys { table.update(key) { state, _ in state.presence = .live } }
        overlay = plan.overlay
        for key in plan.adopted { table.update(key) { state, _ in state.isLayerOnly = false } }
    }

    /// Notifies every observed field that links to one of `keys`: a reader resolving it now
    /// finds no record, so a list that held one re-renders without it.
    private func notifyLinks(to keys: Set<RecordKey>, in context: inout CommitContext) {
        for record in table where record.isPossiblyObserved && !keys.contains(record.key) {
            for field in record.fields {
                switch field.value {
                case .link(let target):
                    if keys.contains(target) { context.buffer.notify(record, field.slot) }
                case .list:
                    var hit = false
                    field.value.forEachLink { if !hit && keys.contains($0) { hit = true } }
                    if hit { context.buffer.notify(record, field.slot) }
                default:
                    break
                }
            }
        }
    }

    /// The base of every record the commit changed, for the persistence: a record's fields
    /// with the base values beneath any layer, and whether its row was read this launch.
    private func persistenceBatch(for context: CommitContext) -> PersistenceBatch {
        var batch = PersistenceBatch(deletions: context.deletions, fetchTimes: context.fetchTimes)
        batch.entries.reserveCapacity(context.persistOrder.count)
        for key in context.persistOrder {
            let entry = table.entry(key)
            guard let record = entry.record, !entry.state.isLayerOnly else { continue }
            batch.entries.append(
                PersistenceBatch.Entry(
                    snapshot: baseSnapshot(of: record),
                    rowWasRead: entry.state.row == .read || context.replaced.contains(key)))
        }
        return batch
    }

    /// What `record` holds beneath every optimistic layer.
    func baseSnapshot(of record: Record) -> RecordSnapshot {
        var snapshot = RecordSnapshot(record)
        overlay.forEachCell(of: record) { snapshot[$0.slot] = $0.value }
        return snapshot
    }
}
