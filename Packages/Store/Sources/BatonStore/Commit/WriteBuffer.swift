@_spi(Baton) import BatonRecords

/// The writes of one commit to records that already exist, held until the commit applies
/// them in three phases across all of them: announce every change, store every value, close
/// every change. Main actor, one commit's life.
///
/// Flat: the entries in the order they were first set, each record's entries chained from
/// its latest, which one probe by the record's identity finds.
@MainActor
struct WriteBuffer {
    struct Entry: ChainedCell {
        let record: Record
        let slot: Slot
        var value: Value?
        /// A notification without a write: the field links to a record the commit deletes.
        var notifyOnly: Bool
        /// Whether ``value`` is a list of elements to append to the list the record holds
        /// (``append(_:_:_:)``), instead of the cell's new value.
        var appends = false
        /// The position of the same record's entry before this one, or -1.
        let previous: Int32

        /// An appending entry's elements (``appends``).
        var added: [Value] {
            guard appends, case .list(let elements)? = value else {
                preconditionFailure("an appending entry's value is a list")
            }
            return elements
        }
    }

    private(set) var entries: [Entry] = []
    /// Per record some entry names: the position of its latest entry.
    private var latest: [RecordIdentity: Int32] = [:]

    var isEmpty: Bool { entries.isEmpty }

    /// Makes room for `count` more entries, of as many records.
    mutating func reserveCapacity(adding count: Int) {
        entries.reserveCapacity(entries.count + count)
        latest.reserveCapacity(latest.count + count)
    }

    /// Where the chain of `record`'s entries starts: -1 when no entry names it.
    @inline(__always)
    func chain(of record: Record) -> Int32 {
        latest.isEmpty ? -1 : latest[RecordIdentity(record)] ?? -1
    }

    /// The position of the entry for `slot` in the chain starting at `head`, or -1.
    @inline(__always)
    func find(_ slot: Slot, from head: Int32) -> Int {
        entries.find(slot, from: head)
    }

    /// The value `slot` of `record` will hold once the commit applies.
    @inline(__always)
    func value(of record: Record, _ slot: Slot) -> Value? {
        value(of: record, slot, chain: chain(of: record))
    }

    /// The value `slot` of `record`, whose entries start at `head` (``chain(of:)``), will
    /// hold once the commit applies.
    @inline(__always)
    func value(of record: Record, _ slot: Slot, chain head: Int32) -> Value? {
        if head >= 0 {
            let i = find(slot, from: head)
            if i >= 0 && !entries[i].notifyOnly { return value(at: i) }
        }
        return record[untracked: slot]
    }

    /// The value the entry at `position` (a write) gives its cell: an append's, the list
    /// its record holds with the elements after it.
    @inline(__always)
    func value(at position: Int) -> Value? {
        if !entries[position].appends { return entries[position].value }
        return Self.appended(entries[position])
    }

    /// The list an appending entry makes: built, for a reader of the commit's writes before
    /// they are applied (rare: a second edit of the same list in one commit).
    @inline(never)
    private static func appended(_ entry: Entry) -> Value {
        EditedList.appended(entry.added).value(after: entry.record[untracked: entry.slot])
    }

    /// Whether some entry writes `slot`, of any record: one pass over the entries.
    func writes(_ slot: Slot) -> Bool {
        entries.contains { $0.slot == slot && !$0.notifyOnly }
    }

    /// Whether some entry writes one of `slots`, of any record: one pass over the entries.
    func writes(anyOf slots: Set<Slot>) -> Bool {
        entries.contains { !$0.notifyOnly && slots.contains($0.slot) }
    }

    /// Whether some entry (a write or a notification) is of `slot` of `record`.
    func hasEntry(of record: Record, _ slot: Slot) -> Bool {
        find(slot, from: chain(of: record)) >= 0
    }

    /// Whether some entry names `record`.
    func touches(_ record: Record) -> Bool {
        chain(of: record) >= 0
    }

    /// Sets the value of the entry at `position` (a write, no longer a notification).
    mutating func set(_ value: Value?, at position: Int) {
        entries[position].value = value
        entries[position].notifyOnly = false
        entries[position].appends = false
    }

    /// Appends `elements` to the list `slot` of `record` holds when the commit applies, in
    /// place where the list's storage is the record's alone (`Record.append(_:toListAt:)`):
    /// the commit neither copies the list nor frees the old one. The buffer must not write the
    /// cell already, and the record must hold a list there.
    mutating func append(_ record: Record, _ slot: Slot, _ elements: [Value]) {
        guard !elements.isEmpty else { return }
        let id = RecordIdentity(record)
        let head = latest.isEmpty ? -1 : latest[id] ?? -1
        assert(find(slot, from: head) < 0, "append(_:_:_:) to a cell the buffer writes")
        latest[id] = Int32(entries.count)
        entries.append(
            Entry(record: record, slot: slot, value: .list(elements), notifyOnly: false, appends: true, previous: head))
    }

    /// Sets what `slot` of `record` holds after the commit; a later set of the same cell wins.
    mutating func set(_ record: Record, _ slot: Slot, _ value: Value?) {
        let id = RecordIdentity(record)
        let head = latest.isEmpty ? -1 : latest[id] ?? -1
        let i = find(slot, from: head)
        if i >= 0 {
            set(value, at: i)
            return
        }
        latest[id] = Int32(entries.count)
        entries.append(Entry(record: record, slot: slot, value: value, notifyOnly: false, previous: head))
    }

    /// Notifies observers of `slot` of `record` without changing it, unless the commit writes it.
    mutating func notify(_ record: Record, _ slot: Slot) {
        let id = RecordIdentity(record)
        let head = latest[id] ?? -1
        guard find(slot, from: head) < 0 else { return }
        latest[id] = Int32(entries.count)
        entries.append(Entry(record: record, slot: slot, value: nil, notifyOnly: true, previous: head))
    }

    /// Whether the record of the entry at `position` holds its value already (or lacks the
    /// field it removes). Read in place: a copy of the entry retains and releases its record
    /// and value.
    @inline(__always)
    private func isHeld(_ position: Int) -> Bool {
        if entries[position].appends { return false }
        let slot = entries[position].slot
        guard let value = entries[position].value else {
            return !record(at: position) { $0.holdsField(untracked: slot) }
        }
        return record(at: position) { $0.holds(value, at: slot) }
    }

    /// `body`'s result on the record of the entry at `position`, borrowed
    /// (``BorrowedRecord``): the entry holds the record for the buffer's life, and nothing in
    /// `apply` changes the entries, so a call on the record need not retain and release it
    /// around itself, as one through `entries[position].record` did at each of the four
    /// passes (`profile optimistic-cycle`: about 3,350 retains and as many releases a cycle).
    @inline(__always)
    private func record<R>(at position: Int, _ body: (Record) -> R) -> R {
        BorrowedRecord(entries[position].record).withRecord(body)
    }

    /// Appends an appending entry's elements to its record's list: outlined, so that the
    /// stores of every other entry copy nothing of theirs.
    @inline(never)
    private static func appendElements(of entry: Entry) {
        entry.record.append(entry.added, toListAt: entry.slot)
    }

    /// What applying changed.
    struct Outcome {
        var fieldsWritten = 0
        var fieldsNotified = 0
        var recordsChanged = 0
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
        for i in entries.indices {
            guard entries[i].notifyOnly || !isHeld(i) else { continue }
            if !leaving.isEmpty && leaving.contains(ObjectIdentifier(entries[i].record)) { continue }
            live.append(i)
        }
        for i in live {
            let slot = entries[i].slot
            let observed = record(at: i) { record in
                let observed = record.isPossiblyObserved
                record.willChange(slot)
                return observed
            }
            if observed { outcome.fieldsNotified += 1 }
        }
        between()
        // A record changed when one of its entries writes: counted at its first such entry,
        // the one whose earlier entries (its chain) write nothing.
        var writes = [Bool](repeating: false, count: entries.count)
        for i in live where !entries[i].notifyOnly {
            if entries[i].appends {
                Self.appendElements(of: entries[i])
            } else {
                let (value, slot) = (entries[i].value, entries[i].slot)
                record(at: i) { $0.store(value, at: slot) }
            }
            outcome.fieldsWritten += 1
            writes[i] = true
        }
        for i in live where writes[i] {
            var earlier = Int(entries[i].previous)
            while earlier >= 0 && !writes[earlier] { earlier = Int(entries[earlier].previous) }
            if earlier < 0 { outcome.recordsChanged += 1 }
        }
        for i in live {
            let slot = entries[i].slot
            record(at: i) { $0.didChange(slot) }
        }
        return outcome
    }
}

/// A record's identity as a hashed key: its address, mixed by a multiply and a shift, without
/// a `Hasher` (a write buffer probes it for every cell a layer or a rebase writes).
struct RecordIdentity: Hashable {
    let id: ObjectIdentifier

    @inline(__always)
    init(_ record: Record) {
        id = ObjectIdentifier(record)
    }

    func _rawHashValue(seed: Int) -> Int {
        wordHash(UInt64(UInt(bitPattern: id)), seed: seed)
    }
}

/// A word's hash under a hashed collection's `seed`: a multiply and a shift, for keys that are
/// one word already (an address, a table position), where `Hasher`'s SipHash would cost
/// about a hundred instructions a probe.
@inline(__always)
func wordHash(_ word: UInt64, seed: Int) -> Int {
    var h = word ^ UInt64(truncatingIfNeeded: seed)
    h &*= 0x9E37_79B9_7F4A_7C15
    h ^= h >> 29
    return Int(truncatingIfNeeded: h)
}
