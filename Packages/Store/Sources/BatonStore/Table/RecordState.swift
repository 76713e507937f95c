/// What the store knows of one key this launch besides its record: whether views see the
/// record, what of its disk row the check has read, whether only an optimistic layer made
/// it, and when it was last invalidated. One entry of the store's ``RecordTable``, beside the
/// record it describes; a plain value (no reference inside), so reading one costs no
/// reference counting. Main actor, with the store.
struct RecordState: Equatable {
    /// Whether memory holds a record for the key, and whether views see it.
    enum Presence: UInt8 {
        /// No record: never fetched, collected, or looked for on disk and not found.
        case absent
        /// Memory holds the record and views see it.
        case live
        /// An optimistic layer deletes the record: out of view until no layer deletes it,
        /// kept so the same object comes back and base commits still reach it.
        case hidden
        /// A commit deleted the key and none wrote it since: a link to it reads as missing
        /// (no record), yet the check counts it as present, as a null, and never asks the
        /// disk for it.
        case deleted
    }

    /// What of the key's disk row the check read this launch.
    enum Row: UInt8 {
        /// Not asked for.
        case unread
        /// Asked for, found or not: memory holds everything the row does, so asking again
        /// finds nothing more, and a commit's record replaces the row instead of merging. A
        /// record the check's reading walk enters is asked for at once, and holds nothing
        /// until its level's rows are read.
        case read
    }

    /// The presence in bits 0-1, the row in bits 2-3, ``isLayerOnly`` in bit 4: the form the
    /// table keeps beside each key's hash, so reading a state costs a shift.
    private(set) var flags: UInt8 = 0
    /// The sequence of the record's latest invalidation this launch (see ``Stamp``), or 0.
    var invalidation: UInt32 = 0

    private static let layerOnlyBit: UInt8 = 1 << 4

    init() {}

    /// The state whose flags are `flags` (as ``flags`` holds them).
    @inline(__always)
    init(flags: UInt8, invalidation: UInt32) {
        self.flags = flags & 0x1F
        self.invalidation = invalidation
    }

    @inline(__always)
    var presence: Presence {
        get { Presence(rawValue: flags & 3).unsafelyUnwrapped }
        set { flags = flags & ~3 | newValue.rawValue }
    }

    @inline(__always)
    var row: Row {
        get { Row(rawValue: flags >> 2 & 3).unsafelyUnwrapped }
        set { flags = flags & ~(3 << 2) | newValue.rawValue << 2 }
    }

    /// Whether the record exists only because an optimistic layer wrote it: the disk gets
    /// none of it until a base commit writes it.
    @inline(__always)
    var isLayerOnly: Bool {
        get { flags & Self.layerOnlyBit != 0 }
        set { flags = newValue ? flags | Self.layerOnlyBit : flags & ~Self.layerOnlyBit }
    }

    /// The state of a key the store knows nothing of.
    static let blank = RecordState()

    /// Whether the state says nothing beyond the key: the table keeps no such entry.
    @inline(__always)
    var isBlank: Bool { flags == 0 && invalidation == 0 }

    /// Whether the key's record is in view and written by server data alone: a commit writes
    /// its fields directly.
    @inline(__always)
    var isPlainLive: Bool { flags & (3 | Self.layerOnlyBit) == Presence.live.rawValue }

    /// Whether the entry holds a record (in view or hidden by a layer).
    @inline(__always)
    var holdsRecord: Bool { flags & 3 == Presence.live.rawValue || flags & 3 == Presence.hidden.rawValue }
}
