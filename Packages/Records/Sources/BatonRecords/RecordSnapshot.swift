/// An immutable copy of a record's fields: what crosses from the ingest to the commit and
/// from the commit to the image's writer. Safe on any thread.
///
/// Cells are kept ascending by slot with no slot twice. Slots belong to the process; a
/// snapshot leaving it (to the image) is written with each slot's storage key.
public struct RecordSnapshot: Hashable, Sendable {
    public struct Cell: Hashable, Sendable {
        public var slot: Slot
        public var value: Value

        public init(slot: Slot, value: Value) {
            self.slot = slot
            self.value = value
        }

        /// The cell's storage key, from the process's name table.
        public var storageKey: String { slot.storageKey }
    }

    public let key: RecordKey
    public private(set) var cells: [Cell]
    /// The key's hash under the process's seed (`RecordKey.processHashSeed`), given when the
    /// snapshot entered a ``ChangeSet`` (off the main actor, when an ingest builds it); 0
    /// when it has none. The store's table finds the snapshot's record with it, without
    /// hashing the key on the main actor. Not part of the snapshot's value: equality and
    /// hashing ignore it.
    @_spi(Baton) public internal(set) var keyHash: UInt64 = 0

    public init(key: RecordKey, cells: [Cell] = []) {
        self.key = key
        self.cells = []
        for cell in cells { self[cell.slot] = cell.value }
    }

    /// A snapshot from cells in any order; where a slot comes twice, the later cell wins.
    public init(key: RecordKey, unsortedCells: some Sequence<Cell>) {
        self.key = key
        var cells = Array(unsortedCells)
        Self.sortCells(&cells)
        self.cells = cells
    }

    /// A snapshot of cells already ascending by slot with no slot twice.
    init(key: RecordKey, sortedCells: [Cell]) {
        self.key = key
        self.cells = sortedCells
    }

    public static func == (lhs: RecordSnapshot, rhs: RecordSnapshot) -> Bool {
        lhs.key == rhs.key && lhs.cells == rhs.cells
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(cells)
    }

    /// Gives the snapshot its key's hash under the process's seed (``keyHash``), unless it
    /// has it.
    mutating func hashKey() {
        if keyHash == 0 { keyHash = key.bytesHash(seed: RecordKey.processHashSeed) }
    }

    /// Sorts `cells` by slot in place; where a slot comes twice, the later cell wins.
    public static func sortCells(_ cells: inout [Cell]) {
        var sorted = true
        for i in cells.indices.dropFirst() where cells[i - 1].slot >= cells[i].slot {
            sorted = false
            break
        }
        if !sorted {
            // A stable sort keeps equal slots in order, so the last of each run is the latest.
            let ordered = cells.enumerated().sorted { ($0.element.slot, $0.offset) < ($1.element.slot, $1.offset) }
            cells.removeAll(keepingCapacity: true)
            for (_, cell) in ordered {
                if let last = cells.last, last.slot == cell.slot {
                    cells[cells.count - 1] = cell
                } else {
                    cells.append(cell)
                }
            }
        }
    }

    /// A snapshot from cells by storage key.
    public init(key: RecordKey, values: [String: Value]) {
        self.init(key: key, cells: values.map { Cell(slot: Slot($0.key), value: $0.value) })
    }

    /// The snapshot of everything `record` holds now, read without tracking.
    @MainActor
    public init(_ record: Record) {
        self.key = record.key
        self.cells = record.fields.map { Cell(slot: $0.slot, value: $0.value) }
    }

    /// The value of `slot`; setting nil removes the cell.
    public subscript(slot: Slot) -> Value? {
        get {
            let point = insertionPoint(of: slot)
            return point < cells.count && cells[point].slot == slot ? cells[point].value : nil
        }
        set {
            let point = insertionPoint(of: slot)
            let present = point < cells.count && cells[point].slot == slot
            switch (newValue, present) {
            case (let value?, true): cells[point].value = value
            case (let value?, false): cells.insert(Cell(slot: slot, value: value), at: point)
            case (nil, true): cells.remove(at: point)
            case (nil, false): break
            }
        }
    }

    /// The value of the field with `storageKey`.
    public subscript(storageKey: String) -> Value? {
        get { NameTable.shared.existingField(storageKey).flatMap { self[$0.slot] } }
        set { self[Slot(storageKey)] = newValue }
    }

    /// Writes every cell of `other` over this snapshot's, keeping the cells `other` lacks.
    public mutating func merge(_ other: RecordSnapshot) {
        merge(sortedCells: other.cells)
    }

    /// Writes `incoming` (ascending by slot, no slot twice) over this snapshot's cells, and
    /// returns whether a value the snapshot held was replaced by a different one.
    @discardableResult
    public mutating func merge(sortedCells incoming: [Cell]) -> Bool {
        if cells.isEmpty {
            cells = incoming
            return false
        }
        // Same slots (a record the response names twice): overwrite in place.
        if cells.count == incoming.count, let replaced = Self.overwriteValues(of: &cells, with: incoming) {
            return replaced
        }
        // Every slot of `other` already here (a record named again with fewer fields): assign
        // in place, walking both sorted runs once.
        var position = 0
        var inPlace = true
        for cell in incoming {
            while position < cells.count && cells[position].slot < cell.slot { position += 1 }
            guard position < cells.count && cells[position].slot == cell.slot else {
                inPlace = false
                break
            }
            position += 1
        }
        var replaced = false
        if inPlace {
            position = 0
            for cell in incoming {
                while cells[position].slot < cell.slot { position += 1 }
                replaced = Self.write(cell.value, over: &cells[position].value) || replaced
                position += 1
            }
            return replaced
        }
        // Otherwise a linear merge of the two sorted runs.
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + incoming.count)
        var i = 0
        var j = 0
        while i < cells.count || j < incoming.count {
            if j == incoming.count || (i < cells.count && cells[i].slot < incoming[j].slot) {
                merged.append(cells[i])
                i += 1
            } else {
                if i < cells.count && cells[i].slot == incoming[j].slot {
                    replaced = replaced || !Self.same(cells[i].value, incoming[j].value)
                    i += 1
                }
                merged.append(incoming[j])
                j += 1
            }
        }
        cells = merged
        return replaced
    }

    /// Writes `incoming`'s values over `cells`' when both have the same slots in the same
    /// order, returning whether a value changed; nil, having written nothing, when the slots
    /// differ.
    private static func overwriteValues(of cells: inout [Cell], with incoming: [Cell]) -> Bool? {
        incoming.withUnsafeBufferPointer { incoming in
            cells.withUnsafeMutableBufferPointer { cells in
                for i in cells.indices where cells[i].slot != incoming[i].slot { return nil }
                var replaced = false
                for i in cells.indices { replaced = write(incoming[i].value, over: &cells[i].value) || replaced }
                return replaced
            }
        }
    }

    /// Writes `value` over `held` unless they are the very same value; returns whether they
    /// differed.
    @inline(__always)
    private static func write(_ value: Value, over held: inout Value) -> Bool {
        if Value.sameBits(held, value) { return false }
        let replaced = held != value
        held = value
        return replaced
    }

    /// Whether `a` and `b` are equal, told by their bits first.
    @inline(__always)
    private static func same(_ a: Value, _ b: Value) -> Bool {
        Value.sameBits(a, b) || a == b
    }

    /// The cells as (storage key, value), for leaving the process.
    public var valuesByStorageKey: [String: Value] {
        Dictionary(uniqueKeysWithValues: cells.map { ($0.storageKey, $0.value) })
    }

    private func insertionPoint(of slot: Slot) -> Int {
        // Snapshots are mostly written in slot order: check the end first.
        if let last = cells.last, last.slot < slot { return cells.count }
        var low = 0
        var high = cells.count
        while low < high {
            let mid = (low + high) / 2
            if cells[mid].slot < slot { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
