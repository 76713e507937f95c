import Observation

/// A normalized record: the observable object a view reads.
///
/// Each field lives in a slot, and a read through its subscript by ``FieldSlot`` registers with
/// Observation for that slot of this record alone, so a view is invalidated when a field it
/// read changes and at no other time. Records live on the main actor with the store that
/// holds them, and the compiler keeps them there (`@MainActor`; only the key, a value, is
/// read anywhere). Only the store writes (through the `Baton` SPI), and a write of an equal
/// value notifies no one.
@MainActor
public final class Record: Observable {
    public nonisolated let key: RecordKey
    /// Made by the first tracked read: until then no observer can exist, writes skip it, and
    /// a record no view has read (most records a check fills from disk) never pays for one.
    /// Boxed: `ObservationRegistrar` is resilient, so an optional of it is tested and copied
    /// through value witnesses on every read, while an optional box is a pointer. Held
    /// unmanaged (retained once when made, released by `deinit`, never replaced): a tracked
    /// read reaches the registrar without a retain and release of the box.
    @usableFromInline @exclusivity(unchecked) var observation: Unmanaged<ObservationBox>?
    /// The slots this record holds, ascending; `values[i]` is the value of `slots[i]`.
    @usableFromInline @exclusivity(unchecked) var slots: ContiguousArray<Slot> = []
    @usableFromInline @exclusivity(unchecked) var values: ContiguousArray<Value> = []
    /// Changes at every write of a cell, but not when a list grows at its end in place
    /// (``append(_:toListAt:)``): while it stays, each list the record holds is the list it
    /// was, or that list with more elements after it. A reader that keeps what it made of a
    /// long list (the store's list memos, the environment's list lenses) keeps the number with
    /// it, instead of holding the list, whose storage an append could then not grow in place.
    @_spi(Baton) @inlinable public var generation: UInt64 { writes }
    /// Main actor, so unchecked: a checked access cost a reader of the generation (the list
    /// lenses' every read of a kept list) about 75 instructions.
    @usableFromInline @exclusivity(unchecked) var writes: UInt64 = 0
    /// Whether a tracked read has happened: false until then.
    var mayBeObserved: Bool { observation != nil }

    public init(key: RecordKey) {
        self.key = key
    }

    deinit {
        observation?.release()
    }

    /// A record holding `values[i]` in `slots[i]`, made without telling anyone: for a record
    /// read from disk. `slots` must be ascending with no slot twice.
    @_spi(Baton) public init(key: RecordKey, slots: ContiguousArray<Slot>, values: ContiguousArray<Value>) {
        self.key = key
        self.slots = slots
        self.values = values
    }

    /// Gives a record nobody observes yet, holding no field, `values[i]` in `slots[i]`,
    /// without telling anyone: for a record whose row is read from disk after the record was
    /// made. `slots` must be ascending with no slot twice. The arrays are taken, not copied:
    /// a row the check read moves in without a retain and release of each.
    @_spi(Baton) public func adopt(slots: consuming ContiguousArray<Slot>, values: consuming ContiguousArray<Value>) {
        assert(self.slots.isEmpty && observation == nil, "adopt(slots:values:) on a record in use")
        self.slots = slots
        self.values = values
        writes &+= 1
    }

    /// The value of `field`, registering the read with Observation; nil when the record does
    /// not hold the field.
    @inlinable
    public subscript(_ field: FieldSlot) -> Value? {
        self[Unmanaged.passUnretained(field)]
    }

    /// The value of `field`, registering the read with Observation; nil when the record does
    /// not hold the field. For a field's entry held unretained (entries live as long as the
    /// process): the read reaches the entry and its key path without a retain and release.
    @inlinable
    public subscript(_ field: Unmanaged<FieldSlot>) -> Value? {
        if let observation {
            Self.register(self, field, in: observation)
        } else {
            _ = accessFirst(field.takeUnretainedValue().keyPath)
        }
        return valueIfPresent(Self.slot(of: field))
    }

    /// The slot of an entry held unretained. Nonisolated, as `register(_:_:in:)`.
    @inlinable
    nonisolated static func slot(of field: Unmanaged<FieldSlot>) -> Slot {
        field._withUnsafeGuaranteedRef { $0.slot }
    }

    /// Registers the read of `field` of `record` with the box's registrar, reaching both
    /// without a retain.
    @inlinable
    nonisolated static func register(
        _ record: Record, _ field: Unmanaged<FieldSlot>, in box: Unmanaged<ObservationBox>
    ) {
        field._withUnsafeGuaranteedRef { register(record, $0.keyPath, in: box) }
    }

    /// What Observation names the field in `slot` by (``FieldSlot/keyPath``) when the slot
    /// is past the named ones (`observed0`, `observed1`, …). It is never read (Observation
    /// compares key paths, it does not follow them), so it reads nothing: a key path to an
    /// actor's member cannot be formed off that actor.
    public nonisolated subscript(observed slot: Slot) -> Value? { nil }

    /// The value of `slot`, registering the read with Observation; nil when the record does
    /// not hold the field.
    public subscript(slot slot: Slot) -> Value? {
        _ = access(NameTable.shared.field(at: slot).keyPath)
        return valueIfPresent(slot)
    }

    /// The value of `slot` without registering the read: for the store's own walks (the
    /// check, collection, materializing), never for a view.
    @inlinable
    public subscript(untracked slot: Slot) -> Value? {
        valueIfPresent(slot)
    }

    /// The hash under `seed` (`RecordKey.bytesHash(seed:)`) of the key `slot` links to,
    /// untracked; nil when the slot holds no link. For a walk that asks many records whether
    /// they link to one of a few keys: the value is not returned, so the caller neither
    /// copies nor destroys it.
    @_spi(Baton) @inlinable
    public func linkHash(untracked slot: Slot, seed: UInt64) -> UInt64? {
        guard let index = position(of: slot), case .link(let key) = values[index] else { return nil }
        return key.bytesHash(seed: seed)
    }

    /// Whether the record holds a value in `slot`, untracked, without copying the value.
    @inlinable
    public func holdsField(untracked slot: Slot) -> Bool {
        position(of: slot) != nil
    }

    /// Whether the record holds exactly `value` in `slot`, compared in place, untracked.
    @inlinable
    public func holds(_ value: Value, at slot: Slot) -> Bool {
        guard let index = position(of: slot) else { return false }
        return valueEquals(index, value)
    }

    /// Whether the record holds exactly `cells` and nothing else: the same slots, each with
    /// the very value (same bits), untracked. Inlined, with no call inside, so that a commit
    /// of a response equal to the last asks it of a record in the store's table without
    /// retaining the record or the cells (`profile noop-commit`: 415K → 339K instructions a
    /// commit of the fixture).
    @_spi(Baton) @inlinable @inline(__always)
    public func holdsExactly(_ cells: [RecordSnapshot.Cell]) -> Bool {
        slots.count == cells.count && leadingCellsHeld(cells) == cells.count
    }

    /// How many of `cells`, from the first, the record holds exactly at the same positions:
    /// the same slot with the very value (same bits). A response landing again shares its
    /// strings and lists with the record, so its cells are told by their bits, without
    /// copying them.
    @_spi(Baton) @inlinable @inline(__always)
    public func leadingCellsHeld(_ cells: [RecordSnapshot.Cell]) -> Int {
        let count = min(slots.count, cells.count)
        var i = 0
        while i < count && slots[i] == cells[i].slot && Value.sameBits(values[i], cells[i].value) { i += 1 }
        return i
    }

    /// Calls `body` with each of `cells` (ascending by slot, as a snapshot keeps them) that
    /// the record does not hold exactly, in one walk of both, untracked.
    @_spi(Baton)
    public func forEachDifference(in cells: [RecordSnapshot.Cell], _ body: (RecordSnapshot.Cell) -> Void) {
        // Indexed in place, no closure over the storage: a main-actor closure handed to the
        // standard library checks its executor at each call (commit_noop_ms +35%).
        // The cells held side by side are passed over; the rest are merged with the
        // record's fields from there, both ascending by slot.
        let count = slots.count
        var i = leadingCellsHeld(cells)
        for c in i..<cells.count {
            let slot = cells[c].slot
            while i < count && slots[i] < slot { i += 1 }
            if i < count && slots[i] == slot
                && (Value.sameBits(values[i], cells[c].value) || values[i] == cells[c].value)
            {
                continue
            }
            body(cells[c])
        }
    }

    @usableFromInline
    func valueEquals(_ index: Int, _ value: Value) -> Bool {
        values[index] == value
    }

    /// The record's type, from its `__typename` field, untracked.
    public var typename: String? {
        if case .string(let name) = valueIfPresent(.typename) { return name }
        return nil
    }

    /// The number of fields the record holds.
    public var fieldCount: Int { slots.count }

    /// Every field the record holds as (slot, value), ascending by slot, untracked: the
    /// fields as they are now, a value that later writes do not change.
    public var fields: Fields { Fields(slots: slots, values: values) }

    /// A record's fields as (slot, value), ascending by slot: a value, over the record's
    /// storage as it was when taken (no closure over the record, whose every call would
    /// check the main actor: commit_delete_observed_ms +55%).
    public struct Fields: RandomAccessCollection {
        let slots: ContiguousArray<Slot>
        let values: ContiguousArray<Value>

        public var startIndex: Int { 0 }
        public var endIndex: Int { slots.count }

        public subscript(position: Int) -> (slot: Slot, value: Value) {
            (slots[position], values[position])
        }
    }

    @inlinable
    func access(_ keyPath: KeyPath<Record, Value?>) -> Bool {
        guard let observation else { return accessFirst(keyPath) }
        Self.register(self, keyPath, in: observation)
        return true
    }

    /// Registers the read of `keyPath` of `record` with the box's registrar, reaching it
    /// without a retain. Nonisolated: a main-actor closure handed to the standard library
    /// checks its executor at each call.
    @inlinable
    nonisolated static func register(
        _ record: Record, _ keyPath: KeyPath<Record, Value?>, in box: Unmanaged<ObservationBox>
    ) {
        box._withUnsafeGuaranteedRef { $0.registrar.access(record, keyPath: keyPath) }
    }

    /// The first tracked read: makes the registrar, off the hot path.
    @usableFromInline @inline(never)
    func accessFirst(_ keyPath: KeyPath<Record, Value?>) -> Bool {
        let made = ObservationBox()
        observation = Unmanaged.passRetained(made)
        made.registrar.access(self, keyPath: keyPath)
        return true
    }

    @inlinable @inline(__always)
    func valueIfPresent(_ slot: Slot) -> Value? {
        guard let index = position(of: slot) else { return nil }
        return values[index]
    }

    /// The position of `slot` in `slots`, or nil.
    @inlinable @inline(__always)
    func position(of slot: Slot) -> Int? {
        let count = slots.count
        if count <= 16 {
            var i = 0
            while i < count {
                if slots[i] == slot { return i }
                i += 1
            }
            return nil
        }
        let found = insertionPoint(of: slot)
        return found < count && slots[found] == slot ? found : nil
    }

    /// The first position whose slot is not less than `slot`.
    @usableFromInline
    func insertionPoint(of slot: Slot) -> Int {
        var low = 0
        var high = slots.count
        while low < high {
            let mid = (low + high) / 2
            if slots[mid] < slot { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

extension Record: @MainActor CustomStringConvertible {
    public var description: String {
        let cells = fields.map { "\($0.slot.storageKey): \($0.value)" }.joined(separator: ", ")
        return "\(key) {\(cells)}"
    }
}
