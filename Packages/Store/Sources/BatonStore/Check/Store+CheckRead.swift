@_spi(Baton) import BatonRecords

extension Store {
    /// What the walk that may read finds at a link, from one probe of the table.
    private enum LinkStep {
        /// Deleted by a commit (or remembered so by the disk) or hidden by a layer: present,
        /// as a null.
        case present
        /// Looked for on disk this launch and not found: no second read.
        case missing
        /// In view, its row read or never needed: walk it now.
        case held(Record, RecordState)
        /// Entered for its row, read with the rest of its level: walk it after. `made` when
        /// this step entered it.
        case awaiting(Record, made: Bool)
    }

    /// On the walk that may read: walks the record `key` names, or, when memory lacks it,
    /// enters an empty record for it that awaits its row (one probe of the table either
    /// way), to be read with the rest of the level and walked after.
    func walkLink(_ key: RecordKey, _ selection: SelectionPlan, _ walk: inout CheckWalk) {
        let step = table.update(key) { state, record -> LinkStep in
            switch state.presence {
            case .deleted, .hidden:
                return .present
            case .live:
                let held = record.unsafelyUnwrapped
                return state.row == .awaited ? .awaiting(held, made: false) : .held(held, state)
            case .absent:
                if state.row == .read { return .missing }
                let made = Record(key: key)
                record = made
                state.presence = .live
                state.row = .awaited
                return .awaiting(made, made: true)
            }
        }
        switch step {
        case .present:
            return
        case .missing:
            walk.missing.append(walk.path)
        case .held(let target, let state):
            walkObject(target, state, selection, &walk)
        case .awaiting(let target, let made):
            if made { walk.batch.append(target) }
            walk.unread.append(CheckWalk.Unread(record: target, selection: selection))
        }
    }

    /// Reads the rows of the records the walk entered for links memory lacked, level by
    /// level (the links the records of one level hold make the next), each level's in one
    /// call, and walks each with its selection.
    func walkLevels(_ walk: inout CheckWalk, from reader: any PersistenceReader) {
        var level: [CheckWalk.Unread] = []
        var batch: [Record] = []
        while !walk.unread.isEmpty {
            swap(&level, &walk.unread)
            swap(&batch, &walk.batch)
            readRows(into: batch, from: reader)
            for entry in level {
                let state = table.state(entry.record.key)
                switch state.presence {
                case .live:
                    walkObject(entry.record, state, entry.selection, &walk)
                case .deleted:
                    // A deletion the disk remembers is present, as a null.
                    continue
                case .absent, .hidden:
                    walk.missing.append(walk.path)
                }
            }
            level.removeAll(keepingCapacity: true)
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Reads the rows of `batch`, records the walk entered empty, without notifications:
    /// nobody can observe a record memory did not hold. Each key's row is marked read; a
    /// record without a row (or whose read failed) leaves memory, its key not to be asked
    /// again. A key the disk has as deleted is deleted, as it was in the launch that deleted it.
    private func readRows(into batch: [Record], from reader: any PersistenceReader) {
        guard !batch.isEmpty else { return }
        var reads: [RowRead]
        do {
            reads = try reader.readRows(into: batch)
        } catch {
            notePersistenceError(error)
            reads = []
        }
        if reads.count != batch.count { reads = Array(repeating: .absent, count: batch.count) }
        for (record, read) in zip(batch, reads) {
            table.update(record.key) { state, held in
                state.row = .read
                switch read {
                case .found:
                    break
                case .absent:
                    held = nil
                    state.presence = .absent
                case .deleted:
                    held = nil
                    state.presence = .deleted
                }
            }
        }
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

    /// Reads the root fields `resolved` selects that memory lacks (the root is a row per field).
    func fillRootFields(_ record: Record, _ resolved: ResolvedSelection, from reader: any PersistenceReader) {
        var slots: [Slot] = []
        for field in resolved.fields where !field.isTypename && record[untracked: field.field.slot] == nil {
            slots.append(field.field.slot)
        }
        guard !slots.isEmpty else { return }
        table.rootFieldsRead[record.key, default: []].formUnion(slots)
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
