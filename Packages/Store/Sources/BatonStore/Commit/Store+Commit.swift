import Foundation
@_spi(Baton) import BatonRecords

extension Store {
    /// Applies `changes` whole, in this main-actor turn: deletions, then snapshots (merged
    /// over what the store holds), then list edits.
    ///
    /// Records the store does not hold are created without notifications; existing records
    /// get only the fields whose value differs, so only observed fields that really changed
    /// notify, and every observer sees all of the commit or none of it (every change is
    /// announced before any is stored). A deleted record leaves memory and every observed
    /// field linking to it is notified. Fields an optimistic layer covers keep the layer's
    /// value; the commit writes the base under it.
    ///
    /// - Parameters:
    ///   - changes: what the ingest (or a test, or a script) made.
    ///   - operation: the operation whose response this is, to record its fetch time.
    ///   - time: the fetch time; the store's clock when nil.
    @discardableResult
    public func commit(_ changes: ChangeSet, fetched operation: OperationIdentity? = nil, at time: Date? = nil)
        -> CommitSummary
    {
        guard !isEnded else { return CommitSummary() }
        var context = CommitContext(tracksPersistence: persistence != nil)
        if let operation { recordFetchTime(operation, at: time ?? now(), in: &context) }
        applyToBase(changes, in: &context)
        return finish(&context)
    }

    /// Records `operation` as fetched at `time` (the store's clock when nil), for the check's
    /// staleness; hands the time to the persistence.
    public func recordFetch(_ operation: OperationIdentity, at time: Date? = nil) {
        var context = CommitContext(tracksPersistence: persistence != nil)
        recordFetchTime(operation, at: time ?? now(), in: &context)
        _ = finish(&context)
    }

    /// Records `plan`'s operation as fetched at `time`.
    public func recordFetch(_ plan: OperationPlan, at time: Date? = nil) {
        recordFetch(plan.identity, at: time)
    }

    // MARK: - Building a commit

    /// The record of `key` as the commit in `context` sees it.
    func held(_ key: RecordKey, in context: CommitContext) -> Record? {
        if !context.created.isEmpty, let record = context.created[key] { return record }
        if !context.removed.isEmpty, context.removed.contains(key) { return nil }
        if !context.restored.isEmpty, let record = context.restored[key] { return record }
        return records[key]
    }

    /// The base value of `slot` of `record` as the commit sees it: under a layer, the value
    /// kept beneath it; otherwise what the record will hold.
    func baseValue(_ record: Record, _ slot: Slot, in context: CommitContext) -> Value? {
        if !base.isEmpty, let cell = base[record.key]?[slot] { return cell.value }
        return context.buffer.value(of: record, slot)
    }

    /// Writes the base value of `slot` of `record`: beneath a layer that covers it, or into
    /// the record (directly for a record the commit created, else through the buffer).
    func writeBase(_ record: Record, _ slot: Slot, _ value: Value?, in context: inout CommitContext) {
        let key = record.key
        if !base.isEmpty, base[key]?[slot] != nil {
            if base[key]![slot]!.value != value {
                base[key]![slot] = BaseCell(value: value)
                context.markPersisted(key)
            }
            return
        }
        if !context.created.isEmpty, context.created[key] === record {
            record.store(value, at: slot)
            return
        }
        if context.buffer.value(of: record, slot) != value {
            context.buffer.set(record, slot, value)
            context.markPersisted(key)
        }
    }

    /// Adds `changes` to the commit in `context` as server data: the base.
    func applyToBase(_ changes: ChangeSet, in context: inout CommitContext) {
        if records.count < 64 || changes.snapshots.count > records.count / 4 {
            context.created.reserveCapacity(changes.snapshots.count)
        }
        // A first page's edit compares with the list as it is before anything is written.
        var heads: [Int: HeadBefore] = [:]
        for (index, edit) in changes.edits.enumerated() {
            if case .replaceHead = edit.operation, let head = headBefore(edit, in: context) { heads[index] = head }
        }
        for key in changes.deletions {
            context.deletions.append(key)
            if changes[key] != nil {
                context.replaced.insert(key)
                continue
            }
            if key.isRoot { continue }
            if !hidden.isEmpty { hidden[key] = nil }
            if !context.restored.isEmpty { context.restored[key] = nil }
            if let held = held(key, in: context) {
                held.rowWasRead = false
                if let record = context.created.removeValue(forKey: key) {
                    _ = record
                    context.createdOrder.removeAll { $0.key == key }
                } else {
                    context.remove(key)
                }
            }
            tombstones.insert(key)
            base[key] = nil
            layerOnlyRecords.remove(key)
            rowsRead.remove(key)
        }
        let plain =
            tombstones.isEmpty && layerOnlyRecords.isEmpty && base.isEmpty && hidden.isEmpty
            && context.replaced.isEmpty && context.removed.isEmpty && context.restored.isEmpty && context.buffer.isEmpty
        if plain {
            // No layer, deletion or revert in play, and a change set writes each key once: a
            // snapshot's record is the store's or new, and nothing else wrote it yet.
            for snapshot in changes.snapshots {
                if let record = records[snapshot.key] {
                    applyCells(snapshot, to: record, in: &context)
                } else {
                    create(snapshot, in: &context)
                }
            }
        } else {
            for snapshot in changes.snapshots {
                applySnapshot(snapshot, in: &context)
            }
        }
        for (index, edit) in changes.edits.enumerated() {
            guard let record = held(edit.key, in: context) else { continue }
            if case .replaceHead = edit.operation {
                // The page's snapshot wrote the list started again; keep the later pages if it is their head.
                if let head = heads[index] { keepTail(edit, head, of: record, in: &context) }
                continue
            }
            let current = baseValue(record, edit.slot, in: context)
            let edited = applying(edit, to: current, in: context)
            writeBase(record, edit.slot, edited, in: &context)
        }
    }

    private func applySnapshot(_ snapshot: RecordSnapshot, in context: inout CommitContext) {
        let key = snapshot.key
        if !tombstones.isEmpty { tombstones.remove(key) }
        guard let record = held(key, in: context) ?? (hidden.isEmpty ? nil : hidden[key]) else {
            create(snapshot, in: &context)
            return
        }
        if !layerOnlyRecords.isEmpty, layerOnlyRecords.remove(key) != nil {
            context.markPersisted(key)
        }
        if !context.replaced.isEmpty, context.replaced.contains(key) {
            for field in record.fields where snapshot[field.slot] == nil {
                writeBase(record, field.slot, nil, in: &context)
            }
        }
        let covered = base.isEmpty ? nil : base[key]
        if covered == nil && !context.buffer.touches(record) && (context.created.isEmpty || context.created[key] == nil)
        {
            applyCells(snapshot, to: record, in: &context)
            return
        }
        for cell in snapshot.cells {
            writeBase(record, cell.slot, cell.value, in: &context)
        }
    }

    /// The common case: compares each cell with what `record` holds and buffers what differs.
    @inline(__always)
    private func applyCells(_ snapshot: RecordSnapshot, to record: Record, in context: inout CommitContext) {
        var changed = false
        record.forEachDifference(in: snapshot.cells) { cell in
            context.buffer.set(record, cell.slot, cell.value)
            changed = true
        }
        if changed { context.markPersisted(record.key) }
    }

    /// Makes the record of `snapshot`, which nobody can observe yet: filled without notifications.
    private func create(_ snapshot: RecordSnapshot, in context: inout CommitContext) {
        let record = Record(key: snapshot.key)
        record.fill(with: snapshot)
        context.create(record)
        context.markPersisted(snapshot.key)
    }

    func recordFetchTime(_ operation: OperationIdentity, at time: Date, in context: inout CommitContext) {
        fetchTimes[operation] = Stamp(date: time, sequence: nextSequence)
        nextSequence += 1
        fetchTimesLoaded.insert(operation)
        context.fetchTimes[operation] = time
    }

    // MARK: - Applying a commit

    /// Applies the commit built in `context`: notifies fields linking to removed records,
    /// runs the three phases, and hands the base changes to the persistence.
    func finish(_ context: inout CommitContext) -> CommitSummary {
        if !context.removed.isEmpty {
            notifyLinks(to: context.removed, in: &context)
        }
        let restored = context.restored
        if !restored.isEmpty {
            notifyLinks(to: Set(restored.keys), in: &context)
        }
        let createdOrder = context.createdOrder
        let removedOrder = context.removedOrder
        var leaving: Set<ObjectIdentifier> = []
        for key in removedOrder { if let record = records[key] { leaving.insert(ObjectIdentifier(record)) } }
        if !createdOrder.isEmpty { records.reserveCapacity(records.count + createdOrder.count) }
        let outcome = context.buffer.apply(leaving: leaving) {
            for record in createdOrder { records[record.key] = record }
            for key in removedOrder { records[key] = nil }
            for (key, record) in restored { records[key] = record }
        }
        var summary = CommitSummary()
        summary.recordsCreated = createdOrder.count
        summary.recordsDeleted = removedOrder.count
        summary.recordsChanged = outcome.recordsChanged.count
        summary.fieldsWritten = outcome.fieldsWritten
        summary.fieldsNotified = outcome.fieldsNotified
        if let persistence {
            let batch = persistenceBatch(for: context)
            if !batch.isEmpty { persistence.write(batch) }
        }
        return summary
    }

    /// Notifies every observed field that links to one of `keys`: a reader resolving it now
    /// finds no record, so a list that held one re-renders without it.
    private func notifyLinks(to keys: Set<RecordKey>, in context: inout CommitContext) {
        for record in records where record.isPossiblyObserved && !keys.contains(record.key) {
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
            guard let record = records[key] ?? hidden[key], !layerOnlyRecords.contains(key) else { continue }
            batch.entries.append(
                PersistenceBatch.Entry(
                    snapshot: baseSnapshot(of: record),
                    rowWasRead: rowWasRead(record) || context.replaced.contains(key)))
        }
        return batch
    }

    /// What `record` holds beneath every optimistic layer.
    func baseSnapshot(of record: Record) -> RecordSnapshot {
        var snapshot = RecordSnapshot(record)
        if !base.isEmpty, let covered = base[record.key] {
            for (slot, cell) in covered { snapshot[slot] = cell.value }
        }
        return snapshot
    }
}
