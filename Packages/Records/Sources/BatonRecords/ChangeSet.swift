/// The unit of change: the snapshots of records written, and the keys of records deleted.
///
/// The ingest builds one off the main actor, the store commits it whole on the main actor,
/// and the image's writer receives the committed one. A value: safe on any thread.
///
/// A key can be both deleted and written: the deletion applies first, so the record is
/// replaced by the snapshot and nothing it held before survives. List edits apply last.
public struct ChangeSet: Hashable, Sendable {
    /// The snapshots, one per key, in the order their keys were first written.
    public private(set) var snapshots: [RecordSnapshot] = []
    /// The deleted keys, in the order they were deleted.
    public private(set) var deletions: [RecordKey] = []
    /// Edits of lists relative to what the store holds, applied after the snapshots, in order.
    public private(set) var edits: [ListEdit] = []
    private var positions: [RecordKey: Int] = [:]

    public init() {}

    public init(snapshots: [RecordSnapshot], deletions: [RecordKey] = []) {
        for key in deletions { delete(key) }
        for snapshot in snapshots { merge(snapshot) }
    }

    public var isEmpty: Bool { snapshots.isEmpty && deletions.isEmpty && edits.isEmpty }

    /// Makes room for `count` snapshots, so that writing that many grows nothing.
    public mutating func reserveCapacity(_ count: Int) {
        snapshots.reserveCapacity(count)
        positions.reserveCapacity(count)
    }

    /// Adds an edit of a list the store holds, applied after every snapshot.
    public mutating func edit(_ edit: ListEdit) {
        edits.append(edit)
    }

    /// Removes the edits by which first pages keep the later pages the store holds
    /// (`ListEdit.Operation.replaceHead(links:uniqueBy:kept:)`): each first page then replaces
    /// its list with its own elements and writes its own page info, as a new list's would.
    /// What a refetch commits, so that it shows the server's list, not its first page over
    /// pages fetched before.
    public mutating func startListsAgain() {
        edits.removeAll { edit in
            if case .replaceHead = edit.operation { return true }
            return false
        }
    }

    /// The snapshot written for `key`, if any.
    public subscript(key: RecordKey) -> RecordSnapshot? {
        positions[key].map { snapshots[$0] }
    }

    /// Whether `key` is deleted by this change set.
    public func deletes(_ key: RecordKey) -> Bool {
        deletions.contains(key)
    }

    /// Writes `value` into `slot` of the record `key`.
    public mutating func write(_ value: Value, to slot: Slot, of key: RecordKey) {
        if let position = positions[key] {
            snapshots[position][slot] = value
        } else {
            positions[key] = snapshots.count
            append(RecordSnapshot(key: key, cells: [.init(slot: slot, value: value)]))
        }
    }

    /// Merges `snapshot` over what this change set already writes for its key.
    public mutating func merge(_ snapshot: RecordSnapshot) {
        if let position = positions[snapshot.key] {
            snapshots[position].merge(snapshot)
        } else {
            positions[snapshot.key] = snapshots.count
            append(snapshot)
        }
    }

    /// Adds the snapshot of a key not written yet, its key hashed (`RecordSnapshot.keyHash`):
    /// a change set is built where its keys may be hashed off the main actor, and the commit
    /// finds each snapshot's record with that hash.
    private mutating func append(_ snapshot: RecordSnapshot) {
        var snapshot = snapshot
        snapshot.hashKey()
        snapshots.append(snapshot)
    }

    /// The position in ``snapshots`` of the snapshot written for `key`, if any.
    public func index(of key: RecordKey) -> Int? {
        positions[key]
    }

    /// Merges `cells` (ascending by slot, no slot twice) over what this change set already
    /// writes for `key`, and returns the position of `key`'s snapshot in ``snapshots``.
    @discardableResult
    public mutating func merge(_ key: RecordKey, sortedCells cells: [RecordSnapshot.Cell]) -> Int {
        var replaced = false
        return merge(key, sortedCells: cells, replaced: &replaced)
    }

    /// Merges `cells` as ``merge(_:sortedCells:)`` does, and sets `replaced` when a value the
    /// change set held for `key` was replaced by a different one.
    @discardableResult
    public mutating func merge(_ key: RecordKey, sortedCells cells: [RecordSnapshot.Cell], replaced: inout Bool)
        -> Int
    {
        // One probe of the positions: a key not yet there is filed under the next position.
        let next = snapshots.count
        let position = Self.value(&positions[key, default: next])
        if position == next {
            append(RecordSnapshot(key: key, sortedCells: cells))
        } else if snapshots[position].merge(sortedCells: cells) {
            replaced = true
        }
        return position
    }

    /// The value an `inout` access gives: through a dictionary's `subscript(_:default:)`, the
    /// access files the default under a missing key.
    @inline(__always)
    private static func value(_ value: inout Int) -> Int { value }

    /// Merges `cells` (ascending by slot, no slot twice) over the snapshot at `index` of
    /// ``snapshots``, in place; returns whether a value it held was replaced by a different one.
    @discardableResult
    public mutating func merge(sortedCells cells: [RecordSnapshot.Cell], at index: Int) -> Bool {
        snapshots[index].merge(sortedCells: cells)
    }

    /// Deletes `key`: anything written for it before is dropped.
    public mutating func delete(_ key: RecordKey) {
        if let position = positions.removeValue(forKey: key) {
            snapshots.remove(at: position)
            for (other, index) in positions where index > position {
                positions[other] = index - 1
            }
        }
        if !deletions.contains(key) { deletions.append(key) }
    }

    /// Applies `later` on top of this change set, as if it were committed after it.
    public mutating func append(_ later: ChangeSet) {
        // Onto nothing, `later` is the result as it is: no snapshot merged again one by one.
        if isEmpty {
            self = later
            return
        }
        for key in later.deletions { delete(key) }
        for snapshot in later.snapshots { merge(snapshot) }
        edits += later.edits
    }

    public static func == (lhs: ChangeSet, rhs: ChangeSet) -> Bool {
        lhs.snapshots == rhs.snapshots && lhs.deletions == rhs.deletions && lhs.edits == rhs.edits
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(snapshots)
        hasher.combine(deletions)
        hasher.combine(edits)
    }
}
