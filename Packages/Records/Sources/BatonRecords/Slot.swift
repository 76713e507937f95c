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
}

extension Slot: CustomStringConvertible {
    public var description: String { storageKey }
}
