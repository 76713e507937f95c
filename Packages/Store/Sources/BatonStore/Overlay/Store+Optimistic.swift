import Foundation
@_spi(Baton) import BatonRecords

extension Store {
    /// Normalizes `response`, an optimistic response to `plan`'s operation written by the
    /// caller, here on the main actor, and shows it at once as a layer over the base.
    ///
    /// Layers stack in call order. Fields may be absent from the response (it is normalized
    /// as a partial payload), but a member `plan` does not select, at any depth, is a typo
    /// and throws (`__typename` is always allowed), as does, when the normalization has a
    /// schema, what it rules out (`Ingest.checksSchema`: a null in a non-null field, an
    /// undeclared enum value, an impossible `__typename`). Throws without changing anything
    /// when it cannot be normalized: no layer, no record, no notification.
    @discardableResult
    public func applyOptimistic(_ response: some Collection<UInt8>, plan: OperationPlan) throws(StoreError)
        -> OptimisticLayerID
    {
        let result: IngestResult
        do {
            result = try Ingest.handWritten.ingest(response, plan: plan)
        } catch {
            throw .optimisticResponse(error, operation: plan.name)
        }
        return applyOptimistic(result.changes, operation: plan.identity)
    }

    /// Shows `changes` as an optimistic layer over the base, in this turn; only fields whose
    /// visible value changes notify. The layer's list edits apply to the lists as they show
    /// now. A record the layer deletes leaves memory's view (links to it read as missing and
    /// notify) until the layer is reverted, when the same record object comes back.
    @discardableResult
    public func applyOptimistic(_ changes: ChangeSet, operation: OperationIdentity? = nil) -> OptimisticLayerID {
        var context = beginCommit(tracksPersistence: false)
        var layer = context.overlay.makeLayer(operation: operation)
        context.createsLayerOnly = true
        // The layer's cells are the change set's snapshots, with what its edits make.
        layer.cells =
            changes.deletions.isEmpty && changes.edits.isEmpty ? changes : ChangeSet(snapshots: changes.snapshots)
        layer.records.reserveCapacity(changes.snapshots.count)
        context.buffer.reserveCapacity(adding: changes.snapshots.count)
        context.overlay.reserveCapacity(adding: changes.snapshots.count)
        for snapshot in changes.snapshots {
            // A change set writes each key once, and no key leaves view or comes back before
            // the deletions: the record the layer writes is the table's, in view, or new.
            let entry = table.entry(snapshot.key)
            if entry.state.presence == .live, let record = entry.record {
                writeLayer(snapshot.cells, over: record, layerOnly: entry.state.isLayerOnly, in: &context)
                layer.records.append(record)
                if entry.state.isLayerOnly { layer.layerOnlyKeys.append(snapshot.key) }
            } else {
                let record = Record(key: snapshot.key)
                context.create(record)
                for cell in snapshot.cells { record.store(cell.value, at: cell.slot) }
                for cell in snapshot.cells { context.overlay.cover(record, cell.slot, base: nil) }
                layer.records.append(record)
                layer.layerOnlyKeys.append(snapshot.key)
            }
        }
        for edit in changes.edits {
            guard let record = held(edit.key, in: context) else { continue }
            let current = context.buffer.value(of: record, edit.slot)
            let edited = applying(edit, to: current, of: record, in: context, visible: true).value(after: current)
            let created = context.made(record)
            let layerOnly = created || table.state(edit.key).isLayerOnly
            if layer.cells.index(of: edit.key) == nil {
                layer.records.append(record)
                if layerOnly { layer.layerOnlyKeys.append(edit.key) }
            }
            layer.cells.write(edited, to: edit.slot, of: edit.key)
            if created {
                record.store(edited, at: edit.slot)
                context.overlay.cover(record, edit.slot, base: nil)
            } else {
                let cell = RecordSnapshot.Cell(slot: edit.slot, value: edited)
                writeLayer([cell], over: record, layerOnly: layerOnly, in: &context)
            }
        }
        for key in changes.deletions where !key.isRoot && changes[key] == nil {
            switch table.state(key).presence {
            case .hidden:
                layer.deletions.insert(key)
            case .live:
                layer.deletions.insert(key)
                context.remove(key, becoming: .hidden)
            case .absent, .deleted:
                break
            }
        }
        context.overlay.push(layer)
        _ = finish(&context)
        return layer.id
    }

    /// Puts `cells` of a layer over `record`, which exists already, keeping the base value
    /// beneath each (none for a record only layers wrote).
    private func writeLayer(
        _ cells: [RecordSnapshot.Cell], over record: Record, layerOnly: Bool, in context: inout CommitContext
    ) {
        let chain = context.buffer.chain(of: record)
        for cell in cells {
            let base = layerOnly ? nil : context.buffer.value(of: record, cell.slot, chain: chain)
            context.overlay.cover(record, cell.slot, base: base)
        }
        for cell in cells { context.buffer.set(record, cell.slot, cell.value) }
    }

    /// Reverts the layer, as a failed mutation does: every field it touched shows the base
    /// overlaid with the layers that remain, in order; only fields whose visible value
    /// changes notify. Reverting a layer that is gone does nothing.
    @discardableResult
    public func revert(_ layer: OptimisticLayerID) -> CommitSummary {
        var context = beginCommit(tracksPersistence: disk.persistence != nil)
        if let taken = takeLayer(layer, in: &context) { uncover(taken, in: &context) }
        return finish(&context)
    }

    /// The server's answer to the layer's mutation: reverts the layer and commits `changes`
    /// in one commit, so only the net difference notifies (a field whose optimistic value
    /// equals the server's notifies nothing).
    @discardableResult
    public func commit(
        _ changes: ChangeSet, replacing layer: OptimisticLayerID, fetched operation: OperationIdentity? = nil,
        at time: Date? = nil
    ) -> CommitSummary {
        var context = beginCommit(tracksPersistence: disk.persistence != nil)
        if let operation { recordFetchTime(operation, at: time ?? now(), in: &context) }
        let taken = takeLayer(layer, in: &context)
        // The server's data lands beneath the cells the layer still covers, then they show
        // what is left: a record the layer wrote is compared with the server's once.
        applyToBase(changes, in: &context)
        if let taken { uncover(taken, in: &context) }
        return finish(&context)
    }

    /// The layers shown, bottom first.
    public var optimisticLayers: [OptimisticLayerID] { overlay.layers.map(\.id) }

    /// Takes the layer out of the overlay and brings back the records it alone hid; its
    /// cells stay covered, their base beneath, until ``uncover(_:in:)``. Nil when the layer
    /// is gone already.
    private func takeLayer(_ id: OptimisticLayerID, in context: inout CommitContext) -> OptimisticLayer? {
        guard let layer = context.overlay.remove(id) else { return nil }
        for key in layer.deletions where !context.overlay.deletes(key) {
            let entry = table.entry(key)
            if entry.state.presence == .hidden, let record = entry.record { context.restored[key] = record }
        }
        return layer
    }

    /// Buffers what shows, now `layer` is taken out, in every cell it wrote: the top layer
    /// left over it, or the base beneath; then removes the records only layers wrote that no
    /// layer touches any more.
    private func uncover(_ layer: OptimisticLayer, in context: inout CommitContext) {
        context.buffer.reserveCapacity(adding: layer.records.count)
        // A record no layer covers any more (the server deleted it since) uncovers nothing.
        for (snapshot, record) in zip(layer.cells.snapshots, layer.records) {
            for cell in snapshot.cells {
                if let shown = context.overlay.uncover(record, cell.slot) {
                    context.buffer.set(record, cell.slot, shown.value)
                }
            }
        }
        context.overlay.dropUncovered()
        removeOrphans(of: layer.layerOnlyKeys, in: &context)
    }

    /// Removes from memory the records among `keys` that only layers wrote and no layer
    /// touches any more.
    private func removeOrphans(of keys: [RecordKey], in context: inout CommitContext) {
        for key in keys where table.state(key).isLayerOnly && !context.adopted.contains(key) {
            guard !context.overlay.writes(key) else { continue }
            if let record = table.entry(key).record { context.overlay.forget(record) }
            context.remove(key, becoming: .absent)
        }
    }
}
