@_spi(Baton) import BatonRecords

/// The writes of one commit to records that already exist, held until the commit applies
/// them in three phases across all of them: announce every change, store every value, close
/// every change. Main actor, one commit's life.
@MainActor
struct WriteBuffer {
    struct Entry {
        let record: Record
        let slot: Slot
        var value: Value?
        /// A notification without a write: the field links to a record the commit deletes.
        var notifyOnly: Bool
    }

    struct CellKey: Hashable {
        let record: ObjectIdentifier
        let slot: Slot
    }

    private(set) var entries: [Entry] = []
    private var index: [CellKey: Int] = [:]
    /// Records some entry writes: a record not in here has no pending value.
    private var touched: Set<ObjectIdentifier> = []

    var isEmpty: Bool { entries.isEmpty }

    /// The value `slot` of `record` will hold once the commit applies.
    @inline(__always)
    func value(of record: Record, _ slot: Slot) -> Value? {
        if !touched.isEmpty, touched.contains(ObjectIdentifier(record)),
            let i = index[CellKey(record: ObjectIdentifier(record), slot: slot)], !entries[i].notifyOnly
        {
            return entries[i].value
        }
        return record[untracked: slot]
    }

    /// Whether some entry writes `record`.
    func touches(_ record: Record) -> Bool {
        !touched.isEmpty && touched.contains(ObjectIdentifier(record))
    }

    /// Sets what `slot` of `record` holds after the commit; a later set of the same cell wins.
    mutating func set(_ record: Record, _ slot: Slot, _ value: Value?) {
        let id = ObjectIdentifier(record)
        let key = CellKey(record: id, slot: slot)
        if let i = index[key] {
            entries[i].value = value
            entries[i].notifyOnly = false
        } else {
            index[key] = entries.count
            entries.append(Entry(record: record, slot: slot, value: value, notifyOnly: false))
            touched.insert(id)
        }
    }

    /// Notifies observers of `slot` of `record` without changing it, unless the commit writes it.
    mutating func notify(_ record: Record, _ slot: Slot) {
        let key = CellKey(record: ObjectIdentifier(record), slot: slot)
        guard index[key] == nil else { return }
        index[key] = entries.count
        entries.append(Entry(record: record, slot: slot, value: nil, notifyOnly: true))
    }

    /// What applying changed.
    struct Outcome {
        var fieldsWritten = 0
        var fieldsNotified = 0
        var recordsChanged: Set<ObjectIdentifier> = []
    }

    /// Applies every entry whose value differs from what its record holds (and every
    /// notification), in three phases, so an observer never sees half of it. `between` runs
    /// after the announcements and before the stores: structural changes (records added to
    /// or removed from the store) go there.
    /// Entries of records in `leaving` (records the commit removes from memory) are skipped.
    func apply(leaving: Set<ObjectIdentifier> = [], between: () -> Void = {}) -> Outcome {
        var outcome = Outcome()
        var live: [Int] = []
        live.reserveCapacity(entries.count)
        for (i, entry) in entries.enumerated()
        where entry.notifyOnly || entry.record[untracked: entry.slot] != entry.value {
            if !leaving.isEmpty && leaving.contains(ObjectIdentifier(entry.record)) { continue }
            live.append(i)
        }
        for i in live {
            let entry = entries[i]
            if entry.record.isPossiblyObserved { outcome.fieldsNotified += 1 }
            entry.record.willChange(entry.slot)
        }
        between()
        for i in live where !entries[i].notifyOnly {
            let entry = entries[i]
            entry.record.store(entry.value, at: entry.slot)
            outcome.fieldsWritten += 1
            outcome.recordsChanged.insert(ObjectIdentifier(entry.record))
        }
        for i in live {
            entries[i].record.didChange(entries[i].slot)
        }
        return outcome
    }
}
