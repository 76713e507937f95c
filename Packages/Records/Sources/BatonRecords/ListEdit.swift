/// A change to a list of links relative to what the store holds: how a connection's next
/// page, its first page fetched again, or a mutation's `@appendEdge` or `@deleteEdge`,
/// changes the edges the store already has, which the ingest, off the main actor, cannot see.
///
/// The store applies a change set's edits after its deletions and snapshots, in order,
/// against the field's value at that moment, and commits the result like any other write.
/// A value: safe on any thread.
public struct ListEdit: Hashable, Sendable {
    public enum Operation: Hashable, Sendable {
        /// Adds `links` at the end (or the start) of the list. With `uniqueBy`, a link whose
        /// target's field `uniqueBy` links where an element already in the list does (an edge
        /// of a node the connection already has) is left out.
        case insert(links: [RecordKey], atEnd: Bool, uniqueBy: Slot?)
        /// Removes the elements whose target's field `field` links to `target` (the edges of a
        /// deleted node), or that link to `target` themselves when `field` is nil.
        case remove(target: RecordKey, field: Slot?)
        /// A connection's first page fetched again: when the list began with `links` before
        /// the commit, their targets' `uniqueBy` unchanged by it (the page came back equal to
        /// the head), the elements after them stay, with no second element of a target, and
        /// the `kept` fields keep the values they had before the commit (the page info's end
        /// cursor, a page list's position, count and `next`: the last page's). Otherwise the
        /// list is `links`, and the commit's own values of the `kept` fields stand: the
        /// connection starts again.
        /// Without `uniqueBy`, each element is its own target (a page list's items, which are
        /// the records themselves, not edges to them).
        case replaceHead(links: [RecordKey], uniqueBy: Slot?, kept: [Field])
    }

    /// A field of a record, which an edit keeps as it was.
    public struct Field: Hashable, Sendable {
        public var key: RecordKey
        public var slot: Slot

        public init(key: RecordKey, slot: Slot) {
            self.key = key
            self.slot = slot
        }
    }

    /// The record whose field is edited.
    public var key: RecordKey
    /// The edited field: it holds a list of links, or nothing yet (an empty list).
    public var slot: Slot
    public var operation: Operation

    public init(key: RecordKey, slot: Slot, operation: Operation) {
        self.key = key
        self.slot = slot
        self.operation = operation
    }
}
