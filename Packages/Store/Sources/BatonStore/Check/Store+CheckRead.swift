@_spi(Baton) import BatonRecords

extension Store {
    /// The check's walk inside a read transaction: from `plan`'s root, filling memory from
    /// `reader` as it goes, then level by level through the records that wait for their rows
    /// (the links the records of one level hold make the next), each level's rows read in
    /// one call. It counts gaps; the walk over memory after it names them.
    func checkReading(_ plan: OperationPlan, from reader: any PersistenceReader) -> CheckVisitor {
        let source = ReadingSource(store: self, reader: reader)
        var walk = PlanWalk(source: source, visitor: CheckVisitor(store: self, reads: true))
        guard let root = source.root(plan.rootKey) else { return walk.visitor }
        walk.walk(root, plan.root)
        var level: [CheckVisitor.Unread] = []
        var batch: [Record] = []
        while !walk.visitor.unread.isEmpty {
            swap(&level, &walk.visitor.unread)
            swap(&batch, &walk.source.batch)
            let reads = readRows(into: batch, from: reader)
            for entry in level {
                // What the read found, from the reads (the table for a record entered earlier).
                var state = entry.state
                if entry.batchIndex >= 0 {
                    state.presence = reads[Int(entry.batchIndex)]
                } else {
                    state = table.state(entry.record.key)
                }
                switch state.presence {
                case .live:
                    walk.walk(StoreNode(record: entry.record, state: state), entry.selection)
                case .deleted:
                    // A deletion the disk remembers is present, as a null.
                    continue
                case .absent, .hidden:
                    walk.visitor.absent(entry.record.key, path: walk.path)
                }
            }
            level.removeAll(keepingCapacity: true)
            batch.removeAll(keepingCapacity: true)
        }
        return walk.visitor
    }

    /// Reads the rows of `batch`, records the walk entered empty (nobody can observe a record
    /// memory did not hold, so without notifications), each row's cells moving into its
    /// record, and says what was found for each, in order. A record without a row (or whose
    /// read failed) leaves memory, its key not to be asked again; a key the disk has as
    /// deleted is deleted, as in the launch that deleted it.
    /// Each record's presence after the read comes back in `batch`'s order.
    private func readRows(into batch: [Record], from reader: any PersistenceReader) -> [RecordState.Presence] {
        guard !batch.isEmpty else { return [] }
        var keys: [RecordKey] = []
        keys.reserveCapacity(batch.count)
        for record in batch { keys.append(record.key) }
        var reads: [RowRead]
        do {
            reads = try reader.readRows(keys)
        } catch {
            notePersistenceError(error)
            reads = []
        }
        if reads.count != batch.count { reads = Array(repeating: .absent, count: batch.count) }
        var outcomes = [RecordState.Presence](repeating: .live, count: batch.count)
        // Popped, so each row's arrays move into its record without a copy to release. Each
        // row was marked asked for when its record was entered; found, it is in place.
        while let read = reads.popLast() {
            let index = reads.count
            let record = batch[index]
            switch consume read {
            case .found(let cells):
                record.adopt(cells)
                continue
            case .absent:
                outcomes[index] = .absent
            case .deleted:
                outcomes[index] = .deleted
            }
            let presence = outcomes[index]
            table.update(record.key) { state, held in
                held = nil
                state.presence = presence
            }
        }
        return outcomes
    }

    /// Adds the cells of `record`'s row that memory lacks, and marks the row read.
    func fillRow(of record: Record, from reader: any PersistenceReader) {
        table.update(record.key) { state, _ in state.row = .read }
        do {
            guard let snapshot = try reader.snapshot(of: record.key, fields: []) else { return }
            fill(record, with: snapshot.cells)
        } catch {
            notePersistenceError(error)
        }
    }

    /// Reads the root fields `resolved` selects that memory lacks (the root is a row per field),
    /// and the merged connection or page list of a root `@connection`/`@pageList` field beside
    /// its own page.
    func fillRootFields(_ record: Record, _ resolved: ResolvedSelection, from reader: any PersistenceReader) {
        var slots: [Slot] = []
        for field in resolved.fields where !field.isTypename {
            if record[untracked: field.field.slot] == nil { slots.append(field.field.slot) }
            if let merged = field.connection?.slot, record[untracked: merged] == nil { slots.append(merged) }
        }
        guard !slots.isEmpty else { return }
        table.noteRootFieldsRead(record.key, slots)
        do {
            guard let snapshot = try reader.snapshot(of: record.key, fields: slots) else { return }
            fill(record, with: snapshot.cells.filter { slots.contains($0.slot) })
        } catch {
            notePersistenceError(error)
        }
    }

    /// Stores the cells `record` lacks, notifying observers of those fields (a view may have
    /// read one as absent), all announced before any is stored.
    private func fill(_ record: Record, with cells: [RecordSnapshot.Cell]) {
        let absent = cells.filter { record[untracked: $0.slot] == nil }
        for cell in absent { record.willChange(cell.slot) }
        for cell in absent { record.store(cell.value, at: cell.slot) }
        for cell in absent { record.didChange(cell.slot) }
    }
}
