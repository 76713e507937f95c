/// The store's writes. Only the store calls these; a view never does.
///
/// A commit that must look atomic to observers announces every change first
/// (``willChange(_:)``), then stores every value (``store(_:at:)``), then closes every
/// change (``didChange(_:)``): an observer that re-reads as soon as it is told sees none of
/// the commit, and one that re-reads later sees all of it.
extension Record {
    /// Writes `value` into `slot` with its notification, unless the record already holds an
    /// equal value. Returns whether it wrote.
    @_spi(Baton) @discardableResult
    public func write(_ value: Value?, at slot: Slot) -> Bool {
        if let value {
            guard !holds(value, at: slot) else { return false }
        } else if valueIfPresent(slot) == nil {
            return false
        }
        guard mayBeObserved else {
            store(value, at: slot)
            return true
        }
        let keyPath = NameTable.shared.field(at: slot).keyPath
        observation!.takeUnretainedValue().registrar.withMutation(of: self, keyPath: keyPath) {
            store(value, at: slot)
        }
        return true
    }

    /// Whether a write to this record can reach an observer: false until a tracked read.
    @_spi(Baton) public var isPossiblyObserved: Bool { mayBeObserved }

    /// Announces that `slot` is about to change. Pair with ``didChange(_:)``.
    @_spi(Baton) public func willChange(_ slot: Slot) {
        guard mayBeObserved else { return }
        observation!.takeUnretainedValue().registrar.willSet(self, keyPath: NameTable.shared.field(at: slot).keyPath)
    }

    /// Closes the change ``willChange(_:)`` announced.
    @_spi(Baton) public func didChange(_ slot: Slot) {
        guard mayBeObserved else { return }
        observation!.takeUnretainedValue().registrar.didSet(self, keyPath: NameTable.shared.field(at: slot).keyPath)
    }

    /// Stores `value` (or removes the field, for nil) without telling anyone.
    @_spi(Baton) public func store(_ value: Value?, at slot: Slot) {
        writes &+= 1
        let point = insertionPoint(of: slot)
        let present = point < slots.count && slots[point] == slot
        switch (value, present) {
        case (let value?, true):
            values[point] = value
        case (let value?, false):
            slots.insert(slot, at: point)
            values.insert(value, at: point)
        case (nil, true):
            slots.remove(at: point)
            values.remove(at: point)
        case (nil, false):
            break
        }
    }

    /// Replaces every field at once, without telling anyone: for a record nobody can
    /// observe yet. `cells` must be ascending by slot with no slot twice.
    @_spi(Baton) public func storeAll(_ cells: some Sequence<(slot: Slot, value: Value)>) {
        writes &+= 1
        slots.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        for cell in cells {
            slots.append(cell.slot)
            values.append(cell.value)
        }
    }

    /// Appends `elements` to the list `slot` holds, without telling anyone and without
    /// changing ``generation``. In place when nothing else holds the list's storage, so a page
    /// joining a long connection costs the page, not the list; a list someone still holds (a
    /// value read before, a write the image has not stored yet) is copied, and that holder's
    /// value stays as it was. The record must hold a list in `slot`.
    @_spi(Baton) public func append(_ elements: [Value], toListAt slot: Slot) {
        guard let index = position(of: slot), case .list = values[index] else {
            preconditionFailure("append(_:toListAt:): the record does not hold a list in \(slot.storageKey)")
        }
        // Taken out of the cell, so that the cell does not hold the list's storage too.
        var cell = Value.null
        swap(&cell, &values[index])
        guard case .list(var list) = consume cell else { preconditionFailure("the cell held a list") }
        list.append(contentsOf: elements)
        values[index] = .list(list)
    }
}
