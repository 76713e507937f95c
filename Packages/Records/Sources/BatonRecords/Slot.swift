/// A field's storage key (`name`, `notes(first:2)`) interned to a dense number.
///
/// Slot numbers belong to the process: they are handed out in first-use order by the
/// ``NameTable`` and never leave it (the image keeps the storage key's text).
public struct Slot: Hashable, Comparable, Sendable {
    public let rawValue: Int32

    init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The slot of `storageKey`, interning it on first use.
    public init(_ storageKey: String) {
        self = NameTable.shared.field(storageKey).slot
    }

    /// The storage key this slot was interned from.
    public var storageKey: String {
        NameTable.shared.field(at: self).storageKey
    }

    /// The slot of `__typename`, which every record keeps like any other field.
    public static let typename = Slot("__typename")

    public static func < (lhs: Slot, rhs: Slot) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// A slot's hash on its own, without a hasher: its number times an odd constant, which is
    /// never zero for a slot (numbers start at 0) and spreads dense numbers over a table's
    /// buckets. Observation hashes a field's key path several times a tracked read, and a
    /// slot past the named ones (``FieldSlot/keyPath``) is named `\Record.[observed: slot]`,
    /// whose argument hashes this way: a seeded hash of the number there cost each read about
    /// 440 instructions. Slots are handed out in order, so no input can choose them to
    /// collide.
    public func _rawHashValue(seed: Int) -> Int {
        (Int(rawValue) &+ 1) &* -7_046_029_254_386_353_131
    }
}

extension Slot: CustomStringConvertible {
    public var description: String { storageKey }
}
