import Foundation
@_spi(Baton) import BatonRecords

extension Store {
    /// Whether the store can answer `plan`'s operation now, walking its selections from the
    /// root through links, untracked.
    ///
    /// A field holding a field error counts as present; a deferred field that is absent is
    /// pending, not missing. When memory lacks a record, a field, or a selected root field,
    /// the walk runs again inside one read transaction of the persistence, filling memory with
    /// what it reads (new records without notifications) and marking each row read this
    /// launch. Staleness compares the operation's last fetch (memory, then the persistence)
    /// with `maxAge` and with invalidations of the records read.
    ///
    /// - Parameters:
    ///   - plan: the operation, under its variables.
    ///   - maxAge: how many seconds may have passed since the operation's last fetch before
    ///     the answer is stale; nil: any age.
    ///   - time: the time `maxAge` is measured at; the store's clock when nil.
    public func check(_ plan: OperationPlan, maxAge: TimeInterval? = nil, now time: Date? = nil) -> CheckResult {
        guard let rootRecord = records[plan.rootKey] else {
            return CheckResult(availability: .missing([[]]), source: .miss, fetchedAt: nil, hasPendingDeferred: false)
        }
        let tracksInvalidation = !invalidations.isEmpty
        var walk = CheckWalk(reader: nil, tracksInvalidation: tracksInvalidation)
        walkObject(rootRecord, plan.root, &walk)
        var source = CheckSource.memory
        let identity = plan.identity
        let needsFetchTime =
            fetchTimes[identity] == nil && !fetchTimesLoaded.contains(identity)
            && (maxAge != nil || walk.latestInvalidation != nil || everythingInvalidated != nil)
        if let persistence,
            (!walk.missing.isEmpty && walk.persistenceMightHelp) || (walk.missing.isEmpty && needsFetchTime)
        {
            let retry = !walk.missing.isEmpty
            do {
                try persistence.withReadTransaction { reader in
                    if retry {
                        var again = CheckWalk(reader: reader, tracksInvalidation: tracksInvalidation)
                        walkObject(rootRecord, plan.root, &again)
                        walkLevels(&again, from: reader)
                        walk = again
                    }
                    loadFetchTime(identity, from: reader)
                }
            } catch {
                notePersistenceError(error)
            }
            if retry { source = walk.missing.isEmpty ? .image : .miss }
        } else if !walk.missing.isEmpty {
            source = .miss
        }
        let fetched = fetchTimes[identity]
        var result = CheckResult(
            availability: .available, source: source, fetchedAt: fetched?.date, hasPendingDeferred: walk.pending)
        if !walk.missing.isEmpty {
            // Name the gaps: walk memory (now holding what the persistence had) with paths.
            var named = CheckWalk(reader: nil, tracksInvalidation: false, tracksPaths: true)
            walkObject(rootRecord, plan.root, &named)
            result.availability = .missing(named.missing)
            return result
        }
        var invalidated = walk.latestInvalidation
        if let all = everythingInvalidated, invalidated.map({ $0.isBefore(all) }) ?? true { invalidated = all }
        if let invalidated, fetched.map({ $0.isBefore(invalidated) }) ?? true {
            result.availability = .stale
        } else if let maxAge, let fetched, (time ?? now()).timeIntervalSince(fetched.date) > maxAge {
            result.availability = .stale
        }
        return result
    }

    /// Asks the persistence when `identity` last fetched, once per launch.
    private func loadFetchTime(_ identity: OperationIdentity, from reader: any PersistenceReader) {
        guard fetchTimes[identity] == nil, !fetchTimesLoaded.contains(identity) else { return }
        fetchTimesLoaded.insert(identity)
        do {
            if let date = try reader.fetchTime(of: identity) {
                fetchTimes[identity] = Stamp(date: date, sequence: 0)
            }
        } catch {
            notePersistenceError(error)
        }
    }

    // MARK: - The walk

    private func walkObject(_ record: Record, _ selection: SelectionPlan, _ walk: inout CheckWalk) {
        if walk.tracksInvalidation, let stamp = invalidations[record.key] {
            if walk.latestInvalidation.map({ $0.isBefore(stamp) }) ?? true { walk.latestInvalidation = stamp }
        }
        let resolved = selection.byType.isEmpty ? selection.common : selection.resolved(for: record.typename)
        // A record reached again with the same selection answers as before when that walk
        // found nothing missing: skip it. Worth a set lookup only above leaf-only selections.
        var memo: Visit?
        if resolved.hasSelections {
            let visit = Visit(record: ObjectIdentifier(record), selection: ObjectIdentifier(selection))
            if walk.complete.contains(visit) { return }
            memo = visit
        }
        let missingBefore = walk.missing.count
        defer {
            if let memo, walk.missing.count == missingBefore { walk.complete.insert(memo) }
        }
        if record.key.isRoot, let reader = walk.reader {
            fillRootFields(record, resolved, from: reader)
        }
        for field in resolved.fields {
            // A leaf the record holds: present, and nothing to walk.
            if field.selection == nil, record.holdsField(untracked: field.field.slot) { continue }
            var value = record[untracked: field.field.slot]
            if value == nil {
                if field.isTypename { continue }
                if walk.hasReader, !rowWasRead(record), !record.key.isRoot, let reader = walk.reader {
                    fillRow(of: record, from: reader)
                    value = record[untracked: field.field.slot]
                }
            }
            if value == nil, record.key == .root, let key = lookupKey(in: record, field: field) {
                value = .link(key)
            }
            guard let value else {
                if field.deferLabel != nil {
                    walk.pending = true
                } else {
                    walk.missing.append(walk.path + [.key(field.responseKey)])
                    let unread =
                        record.key.isRoot
                        ? rootFieldsRead[record.key]?.contains(field.field.slot) != true
                        : !rowWasRead(record)
                    if persistence != nil && !walk.hasReader && unread {
                        walk.persistenceMightHelp = true
                    }
                }
                continue
            }
            guard let selection = field.selection else { continue }
            if walk.tracksPaths { walk.path.append(.key(field.responseKey)) }
            walkValue(value, selection, &walk)
            // Lenses read a @connection field's merged connection when the record holds one.
            if let connection = field.connection, let merged = record[untracked: connection.slot] {
                walkValue(merged, selection, &walk)
            }
            if walk.tracksPaths { walk.path.removeLast() }
        }
    }

    private func walkValue(_ value: Value, _ selection: SelectionPlan, _ walk: inout CheckWalk) {
        switch value {
        case .link(let key):
            // A key deleted by a commit or hidden by a layer is out of memory, and present (as a null).
            if (!tombstones.isEmpty && tombstones.contains(key)) || (!hidden.isEmpty && hidden[key] != nil) {
                return
            }
            if walk.hasReader {
                walkLink(key, selection, &walk)
            } else if let target = records[key] {
                walkObject(target, selection, &walk)
            } else {
                walk.missing.append(walk.path)
                if persistence != nil && !rowsRead.contains(key) { walk.persistenceMightHelp = true }
            }
        case .list(let elements):
            var index = 0
            for element in elements {
                if walk.tracksPaths { walk.path.append(.index(index)) }
                walkValue(element, selection, &walk)
                if walk.tracksPaths { walk.path.removeLast() }
                index += 1
            }
        default:
            // A null, a field error, or a scalar where an object was selected: present.
            return
        }
    }

    // MARK: - Filling memory from the persistence

    /// On the walk that may read: walks the record `key` names, or, when memory lacks it,
    /// enters an empty record for it that awaits its row (one probe of `records` either
    /// way), to be read with the rest of the level and walked after.
    private func walkLink(_ key: RecordKey, _ selection: SelectionPlan, _ walk: inout CheckWalk) {
        var made = false
        let target = records.record(key) {
            made = true
            let record = Record(key: key)
            record.awaitsRow = true
            return record
        }
        if made {
            if !rowsRead.isEmpty && rowsRead.contains(key) {
                // Read before and found no row: no second read.
                records[key] = nil
                walk.missing.append(walk.path)
                return
            }
            walk.batch.append(target)
        }
        if target.awaitsRow {
            walk.unread.append(CheckWalk.Unread(record: target, selection: selection))
        } else {
            walkObject(target, selection, &walk)
        }
    }

    /// Reads the rows of the records the walk entered for links memory lacked, level by
    /// level (the links the records of one level hold make the next), each level's in one
    /// call, and walks each with its selection.
    private func walkLevels(_ walk: inout CheckWalk, from reader: any PersistenceReader) {
        var level: [CheckWalk.Unread] = []
        var batch: [Record] = []
        while !walk.unread.isEmpty {
            swap(&level, &walk.unread)
            swap(&batch, &walk.batch)
            readRows(into: batch, from: reader)
            for entry in level {
                if entry.record.awaitsRow {
                    // A deletion the disk remembers is present, as a null.
                    if !tombstones.isEmpty && tombstones.contains(entry.record.key) { continue }
                    walk.missing.append(walk.path)
                } else {
                    walkObject(entry.record, entry.selection, &walk)
                }
            }
            level.removeAll(keepingCapacity: true)
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Reads the rows of `batch`, records the walk entered empty, without notifications:
    /// nobody can observe a record memory did not hold. Each is marked read; one without a
    /// row (or whose read failed) leaves memory, still awaiting, and its key goes into
    /// `rowsRead`, not to be asked again. A key the disk has as deleted becomes a tombstone,
    /// as it was in the launch that deleted it.
    private func readRows(into batch: [Record], from reader: any PersistenceReader) {
        guard !batch.isEmpty else { return }
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
        // Popped, so each row's arrays move into its record without a copy to release.
        while let read = reads.popLast() {
            let record = batch[reads.count]
            record.rowWasRead = true
            switch consume read {
            case .found(let cells):
                record.adopt(cells)
                record.awaitsRow = false
            case .absent:
                records[record.key] = nil
                rowsRead.insert(record.key)
            case .deleted:
                records[record.key] = nil
                rowsRead.insert(record.key)
                tombstones.insert(record.key)
            }
        }
    }

    /// Whether the check read the row of `record` this launch: it marks a record it read or
    /// filled, and keeps the keys it found no row for (a record a commit made later).
    func rowWasRead(_ record: Record) -> Bool {
        record.rowWasRead || (!rowsRead.isEmpty && rowsRead.contains(record.key))
    }

    /// Adds the cells of `record`'s row that memory lacks, and marks the row read.
    private func fillRow(of record: Record, from reader: any PersistenceReader) {
        record.rowWasRead = true
        do {
            guard let snapshot = try reader.snapshot(of: record.key, fields: []) else { return }
            fill(record, with: snapshot.cells)
        } catch {
            notePersistenceError(error)
        }
    }

    /// Reads the root fields `resolved` selects that memory lacks (the root is a row per field).
    private func fillRootFields(_ record: Record, _ resolved: ResolvedSelection, from reader: any PersistenceReader) {
        var slots: [Slot] = []
        for field in resolved.fields where !field.isTypename && record[untracked: field.field.slot] == nil {
            slots.append(field.field.slot)
        }
        guard !slots.isEmpty else { return }
        rootFieldsRead[record.key, default: []].formUnion(slots)
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
