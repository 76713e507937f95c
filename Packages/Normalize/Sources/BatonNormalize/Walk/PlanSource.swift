import BatonRecords

/// What a plan walk finds where a value links to a record.
public enum PlanLink<Node> {
    /// The record: the walk goes into it.
    case node(Node)
    /// Present, as a null: a record deleted (or hidden by an optimistic layer).
    case null(RecordKey)
    /// The source lacks the record.
    case absent(RecordKey)
    /// The source will hold the record once a batch it gathers is read: the walk hands it
    /// to the visitor (``PlanVisitor/pending(_:_:path:)``) to walk then.
    case pending(Node)
}

/// Where a ``PlanWalk`` reads: records by key, their values by slot, and the lookups of
/// root fields never fetched. The store's records, a change set, or the store's records
/// with its disk behind them (the check's reading walk) are sources.
///
/// A source is used on its walk's thread and actor only.
public protocol PlanSource {
    /// A record as the source hands it to the walk and its visitor.
    associatedtype Node

    /// What `key` links to.
    mutating func link(_ key: RecordKey) -> PlanLink<Node>

    /// The record's `__typename`, if it holds one.
    func typename(of node: Node) -> String?

    /// Whether the record holds a value at `slot`, without copying it.
    func holds(_ slot: Slot, in node: Node) -> Bool

    /// The value at `slot`, or nil when the record lacks it.
    mutating func value(_ slot: Slot, in node: Node) -> Value?

    /// The key a field the record lacks resolves to without a fetch (the store's lookups of
    /// root fields by id), or nil.
    func lookup(_ field: FieldPlan, in node: Node) -> RecordKey?

    /// Called before the walk reads the fields `resolved` selects in the record.
    mutating func willRead(_ resolved: ResolvedSelection, in node: Node)
}

extension PlanSource {
    @inlinable
    public func lookup(_ field: FieldPlan, in node: Node) -> RecordKey? { nil }

    @inlinable
    public mutating func willRead(_ resolved: ResolvedSelection, in node: Node) {}
}
