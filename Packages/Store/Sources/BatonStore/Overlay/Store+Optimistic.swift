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
        var context = CommitContext(tracksPersistence: false, overlay: overlay)
        var layer = context.overlay.makeLayer(operation: operation)
        context.createsLayerOnly = true
        for snapshot in changes.snapshots {
            let record: Record
            if let held = held(snapshot.key, in: context) {
                record = held
            } else {
                record = Record(key: snapshot.key)
                context.create(record)
            }
            for cell in snapshot.cells {
                writeLayer(record, cell.slot, cell.value, into: &layer, in: &context)
            }
        }
        for edit in changes.edits {
            guard let record = held(edit.key, in: context) else { continue }
            let edited = applying(edit, to: context.buffer.value(of: record, edit.slot), in: context, visible: true)
            writeLayer(record, edit.slot, edited, into: &layer, in: &context)
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

    /// Puts `value` in `layer` over `slot` of `record`, keeping the base value beneath.
    private func writeLayer(
        _ record: Record, _ slot: Slot, _ value: Value, into layer: inout OptimisticLayer,
        in context: inout CommitContext
    ) {
        let key = record.key
        // A record only layers wrote has no base beneath.
        let layerOnly = context.created[key] === record || table.state(key).isLayerOnly
        context.overlay.cover(key, slot, keeping: layerOnly ? nil : context.buffer.value(of: record, slot))
        layer.cells[key, default: [:]][slot] = value
        if context.created[key] === record {
            record.store(value, at: slot)
        } else {
            context.buffer.set(record, slot, value)
        }
    }

    /// Reverts the layer, as a failed mutation does: every field it touched shows the base
    /// overlaid with the layers that remain, in order; only fields whose visible value
    /// changes notify. Reverting a layer that is gone does nothing.
    @discardableResult
    public func revert(_ layer: OptimisticLayerID) -> CommitSummary {
        var context = CommitContext(tracksPersistence: disk.persistence != nil, overlay: overlay)
        removeLayer(layer, in: &context)
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
        var context = CommitContext(tracksPersistence: disk.persistence != nil, overlay: overlay)
        if let operation { recordFetchTime(operation, at: time ?? now(), in: &context) }
        let touched = removeLayer(layer, in: &context, removingOrphans: false)
        applyToBase(changes, in: &context)
        removeOrphans(of: touched, in: &context)
        return finish(&context)
    }

    /// The layers shown, bottom first.
    public var optimisticLayers: [OptimisticLayerID] { overlay.layers.map(\.id) }

    /// Takes the layer out and buffers the visible value of every field it touched; returns
    /// the keys it touched.
    @discardableResult
    private func removeLayer(_ id: OptimisticLayerID, in context: inout CommitContext, removingOrphans: Bool = true)
        -> [RecordKey]
    {
        guard let layer = context.overlay.remove(id) else { return [] }
        for (key, cells) in layer.cells {
            guard let record = table[key] else { continue }
            for slot in cells.keys {
                context.buffer.set(record, slot, context.overlay.uncover(key, slot))
            }
        }
        for key in layer.deletions where !context.overlay.deletes(key) {
            let entry = table.entry(key)
            if entry.state.presence == .hidden, let record = entry.record { context.restored[key] = record }
        }
        let touched = Array(layer.cells.keys)
        if removingOrphans { removeOrphans(of: touched, in: &context) }
        return touched
    }

    /// Removes from memory the records among `keys` that only layers wrote and no layer
    /// touches any more.
    private func removeOrphans(of keys: [RecordKey], in context: inout CommitContext) {
        for key in keys where table.state(key).isLayerOnly && !context.adopted.contains(key) {
            guard !context.overlay.writes(key) else { continue }
            context.overlay.forget(key)
            context.remove(key, becoming: .absent)
        }
    }
}
