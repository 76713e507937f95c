/// What a persistence's ``PersistenceReader/readRows(_:)`` found for one key.
///
/// A value: safe on any thread.
public enum RowRead: Sendable, Hashable {
    /// The disk has the record's row: these are its cells.
    case found(RowCells)
    /// The disk has no row for the key (or one that does not decode): memory stays without it.
    case absent
    /// The disk remembers that a commit deleted the record: a link to it reads as a present
    /// null, after a relaunch as in the launch that deleted it.
    case deleted
}
