/// A storage key's entry in the process's ``NameTable``: its text, its slot, and the key
/// path through which a read of that slot registers with Observation.
///
/// One exists per storage key for the life of the process and every record shares it, so a
/// tracked read allocates nothing. Immutable: safe on any thread.
public final class FieldSlot: Sendable {
    /// The field's storage key: its name plus its arguments, `notes(first:2)`.
    public let storageKey: String
    public let slot: Slot
    /// The name Observation knows the field by, taken once when the storage key was
    /// interned: `\Record.observed3` for slot 3 (`Record.observationName(_:)`, the first 256
    /// slots), `\Record.[observed: slot]` past them.
    public let keyPath: KeyPath<Record, Value?> & Sendable
    let hash: Int

    init(storageKey: String, slot: Slot, hash: Int) {
        self.storageKey = storageKey
        self.slot = slot
        self.hash = hash
        self.keyPath = Record.observationName(Int(slot.rawValue)) ?? \Record.[observed: slot]
    }

    /// The interned entry of `storageKey`.
    public static func named(_ storageKey: String) -> FieldSlot {
        NameTable.shared.field(storageKey)
    }
}
