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
        var context = beginCommit(tracksPersistence: disk.persistence != nil)
        if let operation { recordFetchTime(operation, at: time ?? now(), in: &context) }
        applyToBase(changes, in: &context)
        return finish(&context)
    }

    /// Records `operation` as fetched at `time` (the store's clock when nil), for the check's
    /// staleness; hands the time to the persistence.
    public func recordFetch(_ operation: OperationIdentity, at time: Date? = nil) {
        var context = beginCommit(tracksPersistence: disk.persistence != nil)
        recordFetchTime(operation, at: time ?? now(), in: &context)
        _ = finish(&context)
    }

    /// Records `plan`'s operation as fetched at `time`.
    public func recordFetch(_ plan: OperationPlan, at time: Date? = nil) {
        recordFetch(plan.identity, at: time)
    }

    // MARK: - Planning a commit

    /// A commit's context, holding the store's overlay: planning edits it in place, and the
    /// store holds none until the apply gives it back (``finish(_:)``), so a commit that
    /// edits the overlay copies none of it.
    func beginCommit(tracksPersistence: Bool) -> CommitContext {
        assertMayChange("commit")
        noteCommit(began: true)
        var context = CommitContext(tracksPersistence: tracksPersistence, overlay: OptimisticOverlay())
        swap(&context.overlay, &overlay)
        return context
    }

    /// The record of `key` as the commit in `context` sees it, in view.
    func held(_ key: RecordKey, in context: CommitContext) -> Record? {
        held(key, at: table.position(of: key), in: context)
    }

    /// The record of `key`, which is or would be at `position` of the table, as the commit in
    /// `context` sees it, in view: for a caller that probed the table for `key` already.
    func held(_ key: RecordKey, at position: RecordTable.Position, in context: CommitContext) -> Record? {
        let inView = table.state(at: position).presence == .live ? table.record(at: position) : nil
        if context.removed.isEmpty && context.restored.isEmpty {
            // The table first: a record the commit creates had no record in view when it was
            // made, and comes into view as itself, so one probe answers for a record in view.
            if let inView { return inView }
            return context.created.isEmpty ? nil : context.created[key]
        }
        if !context.created.isEmpty, let record = context.created[key] { return record }
        if !context.removed.isEmpty, context.removed.contains(key) { return nil }
        if !context.restored.isEmpty, let record = context.restored[key] { return record }
        return inView
    }

    /// The base value of `slot` of `record` as the commit sees it: under a layer, the value
    /// kept beneath it; otherwise what the record will hold.
    func baseValue(_ record: Record, _ slot: Slot, in context: CommitContext) -> Value? {
        if let cell = context.overlay.beneath(record, slot) { return cell.value }
        return context.buffer.value(of: record, slot)
    }

    /// Writes the base value of `slot` of `record`: beneath a layer that covers it, or into
    /// the record (directly for a record the commit created, else through the buffer).
    func writeBase(_ record: Record, _ slot: Slot, _ value: Value?, in context: inout CommitContext) {
        writeBase(
            record, slot, value, covered: context.overlay.chain(of: record), created: context.made(record),
            chain: context.buffer.chain(of: record), in: &context)
    }

    /// ``writeBase(_:_:_:in:)`` told what the commit knows of the record: where the chain of
    /// the cells layers cover in it starts (``OptimisticOverlay/chain(of:)``), whether the commit created it, and where its buffered writes start (a
    /// start from before this write's record took other writes still finds every slot
    /// written before).
    @inline(__always)
    private func writeBase(
        _ record: Record, _ slot: Slot, _ value: Value?, covered: Int32, created: Bool, chain: Int32,
        in context: inout CommitContext
    ) {
        if covered >= 0 {
            let position = context.overlay.find(slot, from: covered)
            if position >= 0 {
                if context.overlay.writeBeneath(at: position, value) { context.markPersisted(record.key) }
                return
            }
        }
        if created {
            record.store(value, at: slot)
            return
        }
        if context.buffer.value(of: record, slot, chain: chain) != value {
            context.buffer.set(record, slot, value)
            context.markPersisted(record.key)
        }
    }

    /// Adds `changes` to the commit in `context` as server data: the base.
    func applyToBase(_ changes: ChangeSet, in context: inout CommitContext) {
        if table.count < 64 || changes.snapshots.count > table.count / 4 {
            context.created.reserveCapacity(changes.snapshots.count)
        }
        // A first page's edit compares with the list as it is before anything is written.
        var heads: [Int: HeadBefore] = [:]
        for (index, edit) in changes.edits.enumerated() {
            if case .replaceHead = edit.operation, let head = headBefore(edit, in: context) { heads[index] = head }
        }
        for key in changes.deletions { planDeletion(of: key, in: changes, &context) }
        // Before any snapshot, whether a snapshot's record can only be the table's or new,
        // with nothing between: no layer covers a cell, no record leaves or comes back, and
        // nothing else wrote one yet (a change set writes each key once).
        let direct = context.overlay.isEmpty && !context.touchesExisting
        // Borrowed in place: a copy of each snapshot retains and releases its key and cells.
        changes.snapshots.withUnsafeBufferPointer { snapshots in
            for s in snapshots.indices { planSnapshot(snapshots[s], direct: direct, in: &context) }
        }
        for (index, edit) in changes.edits.enumerated() {
            guard let record = held(edit.key, in: context) else { continue }
            if case .replaceHead(_, let uniqueBy, _) = edit.operation {
                // The page's snapshot wrote the list started again; keep the later pages if it is their head.
                let keptTail = heads[index].map { keepTail(edit, $0, of: record, in: &context) } ?? false
                // A list that is the page alone gets a memo, for the next page to be compared
                // with; one that kept its tail (a refetch of the first page, whose commit is
                // short) gets one at the next insert instead of paying for its whole length now.
                if !keptTail, case .list(let list)? = baseValue(record, edit.slot, in: context),
                    isMemoable(list, uniqueBy: uniqueBy, in: context)
                {
                    listMemos.schedule(record, edit.slot, uniqueBy: uniqueBy)
                }
                continue
            }
            let current = baseValue(record, edit.slot, in: context)
            let edited = applying(edit, to: current, of: record, in: context)
            if case .appended(let added) = edited, case .list = current,
                appendsInPlace(to: record, edit.slot, in: context)
            {
                if !added.isEmpty {
                    context.buffer.append(record, edit.slot, added)
                    context.markPersisted(record.key)
                }
                continue
            }
            writeBase(record, edit.slot, edited.value(after: current), in: &context)
        }
    }

    /// Whether elements added to the list `slot` of `record` holds can be appended to it in
    /// place when the commit in `context` applies (``WriteBuffer/append(_:_:_:)``): no layer
    /// covers any cell, the record is not one the commit makes (whose cells it fills at once),
    /// and nothing else of the commit writes the cell yet.
    private func appendsInPlace(to record: Record, _ slot: Slot, in context: CommitContext) -> Bool {
        context.overlay.isEmpty && !context.made(record) && !context.buffer.hasEntry(of: record, slot)
    }

    /// Plans the deletion of `key`: it leaves view (and the disk), unless `changes` writes it
    /// again, when its record is replaced in place.
    private func planDeletion(of key: RecordKey, in changes: ChangeSet, _ context: inout CommitContext) {
        context.deletions.append(key)
        if changes[key] != nil {
            context.replaced.insert(key)
            return
        }
        if key.isRoot { return }
        if !context.restored.isEmpty { context.restored[key] = nil }
        if context.created.removeValue(forKey: key) != nil {
            context.createdOrder.removeAll { $0.key == key }
            context.markDeleted(key)
        } else if held(key, in: context) != nil {
            context.remove(key, becoming: .deleted)
        } else {
            context.markDeleted(key)
        }
        if !context.overlay.isEmpty, let record = table.entry(key).record { context.overlay.forget(record) }
    }

    /// Plans `snapshot`'s writes: merged over the record the commit sees, or a new record.
    /// With `direct`, a record in view that only the base writes takes the cells that
    /// differ, and a key without a record gets a new one, in one probe.
    @inline(__always)
    private func planSnapshot(_ snapshot: RecordSnapshot, direct: Bool, in context: inout CommitContext) {
        let position = table.position(of: snapshot)
        let state = table.state(at: position)
        if direct {
            if state.isPlainLive {
                applyCells(snapshot, to: table.record(at: position).unsafelyUnwrapped, in: &context)
                return
            }
            if !state.holdsRecord {
                create(snapshot, in: &context)
                return
            }
        }
        planMerge(snapshot, (table.record(at: position), state), in: &context)
    }

    /// Plans `snapshot`'s writes over the record the commit sees for it, whose table entry
    /// is `entry`, minding layers and what the commit already wrote.
    @inline(never)
    private func planMerge(
        _ snapshot: RecordSnapshot, _ entry: (record: Record?, state: RecordState), in context: inout CommitContext
    ) {
        let key = snapshot.key
        let record: Record
        if context.created.isEmpty && context.removed.isEmpty && context.restored.isEmpty {
            // Nothing planned stands between the table and the snapshot: its record is the
            // entry's, in view or hidden by a layer.
            guard entry.state.holdsRecord, let held = entry.record else {
                create(snapshot, in: &context)
                return
            }
            record = held
        } else {
            let hidden = entry.state.presence == .hidden ? entry.record : nil
            guard let held = held(key, in: context) ?? hidden else {
                create(snapshot, in: &context)
                return
            }
            record = held
        }
        if entry.state.isLayerOnly, context.adopted.insert(key).inserted {
            context.markPersisted(key)
        }
        if !context.replaced.isEmpty, context.replaced.contains(key) {
            for field in record.fields where snapshot[field.slot] == nil {
                writeBase(record, field.slot, nil, in: &context)
            }
        }
        let covered = context.overlay.chain(of: record)
        let chain = context.buffer.chain(of: record)
        let created = !context.created.isEmpty && context.created[key] != nil
        if !created {
            if chain < 0, covered >= 0 {
                applyCells(snapshot, to: record, beneath: covered, in: &context)
                return
            }
            if covered < 0 {
                if chain < 0 {
                    applyCells(snapshot, to: record, in: &context)
                } else {
                    applyCells(snapshot, to: record, pending: chain, in: &context)
                }
                return
            }
        }
        let createdHere = created && context.created[key] === record
        for cell in snapshot.cells {
            writeBase(
                record, cell.slot, cell.value, covered: covered, created: createdHere, chain: chain, in: &context)
        }
    }

    /// The common case: compares each cell with what `record` holds and buffers what differs.
    @inline(__always)
    private func applyCells(_ snapshot: RecordSnapshot, to record: Record, in context: inout CommitContext) {
        // A record that holds the snapshot already (a response landing again) is told
        // without a call: the record and the cells are not retained for it.
        if record.holdsExactly(snapshot.cells) { return }
        var changed = false
        record.forEachDifference(in: snapshot.cells) { cell in
            context.buffer.set(record, cell.slot, cell.value)
            changed = true
        }
        if changed { context.markPersisted(record.key) }
    }

    /// ``applyCells(_:to:in:)`` for a record some of whose cells layers cover (their chain
    /// starts at `covered`): a covered cell's value is compared with the base beneath and
    /// written there.
    private func applyCells(
        _ snapshot: RecordSnapshot, to record: Record, beneath covered: Int32,
        in context: inout CommitContext
    ) {
        var changed = false
        var i = Int(covered)
        while i >= 0 {
            let position = i
            let base = context.overlay.cell(at: position)
            i = Int(context.overlay.previous(of: position))
            guard let value = snapshot[base.slot] else { continue }
            if let old = base.value, Value.sameBits(old, value) || old == value { continue }
            if context.overlay.writeBeneath(at: position, value) { changed = true }
        }
        record.forEachDifference(in: snapshot.cells) { cell in
            guard context.overlay.find(cell.slot, from: covered) < 0 else { return }
            context.buffer.set(record, cell.slot, cell.value)
            changed = true
        }
        if changed { context.markPersisted(record.key) }
    }

    /// ``applyCells(_:to:in:)`` for a record the commit already writes (its buffered entries
    /// start at `chain`): a cell the buffer writes is compared with the buffered value.
    private func applyCells(
        _ snapshot: RecordSnapshot, to record: Record, pending chain: Int32, in context: inout CommitContext
    ) {
        var changed = false
        var i = Int(chain)
        while i >= 0 {
            let entry = context.buffer.entries[i]
            if !entry.notifyOnly, let value = snapshot[entry.slot], context.buffer.value(at: i) != value {
                context.buffer.set(value, at: i)
                changed = true
            }
            i = Int(entry.previous)
        }
        record.forEachDifference(in: snapshot.cells) { cell in
            let found = context.buffer.find(cell.slot, from: chain)
            if found >= 0 && !context.buffer.entries[found].notifyOnly { return }
            context.buffer.set(record, cell.slot, cell.value)
            changed = true
        }
        if changed { context.markPersisted(record.key) }
    }

    /// Makes the record of `snapshot`, which nobody can observe yet: filled without notifications.
    private func create(_ snapshot: RecordSnapshot, in context: inout CommitContext) {
        let record = Record.made(from: snapshot)
        context.create(record)
        context.markPersisted(snapshot.key)
    }

    func recordFetchTime(_ operation: OperationIdentity, at time: Date, in context: inout CommitContext) {
        freshness.recordFetch(operation, at: time)
        context.fetchTimes[operation] = time
    }
}
