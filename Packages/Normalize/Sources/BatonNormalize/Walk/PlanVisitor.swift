import BatonRecords

/// What a ``PlanWalk`` tells as it goes: the records it enters and leaves, the values it
/// meets and what it finds missing. The check, collection, finding a query's connection and
/// materializing a response are visitors; each implements what it needs of the events
/// (the others do nothing).
///
/// A visitor is used on its walk's thread and actor only.
public protocol PlanVisitor {
    /// A record as the walk's source hands it.
    associatedtype Node
    /// What ``enter(_:_:_:path:)`` hands ``leave(_:_:)`` about a record.
    associatedtype Visit = Void

    /// Whether the walk reads leaves for ``leaf(_:_:)``; when false, a leaf the record holds
    /// is passed over unread.
    static var readsLeaves: Bool { get }

    /// Whether the walk follows each `@connection` field's merged connection as well as the
    /// field's own value (at the same path).
    static var followsConnections: Bool { get }

    /// Whether ``missing(_:in:typename:path:)`` needs the record's type name; when false,
    /// the walk reads a record's `__typename` only to resolve an abstract selection.
    static var needsTypenames: Bool { get }

    /// Whether the walk passes over the client-only fields (`FieldPlan.isClientOnly`), and what
    /// is under them, as if they were not selected: the check does, since no fetch answers them.
    static var skipsClientOnlyFields: Bool { get }

    /// Whether the visitor has what it wanted (or met what stops it): the walk goes no
    /// further.
    var isDone: Bool { get }

    /// The walk reaches `node` with `selection`, resolved for its type: nil passes it over.
    mutating func enter(_ node: Node, _ selection: SelectionPlan, _ resolved: ResolvedSelection, path: PlanPath)
        -> Visit?

    /// The walk has read every field of `node` that ``enter(_:_:_:path:)`` let it.
    mutating func leave(_ node: Node, _ visit: Visit)

    /// `node` lacks `field`, and no lookup resolves it.
    mutating func missing(_ field: FieldPlan, in node: Node, typename: String?, path: PlanPath)

    /// `node` holds `value` at `field`, a leaf (with ``readsLeaves``).
    mutating func leaf(_ field: FieldPlan, _ value: Value)

    /// The walk goes into the value of `field`, which has selections; ``endField(_:)`` follows.
    mutating func beginField(_ field: FieldPlan)

    /// The walk is done with the value of `field`.
    mutating func endField(_ field: FieldPlan)

    /// A value where an object was selected that is not one: a null, a field error, a scalar.
    mutating func plain(_ value: Value)

    /// A list where objects were selected, of `count` elements; ``endList()`` follows.
    mutating func beginList(count: Int)

    mutating func endList()

    /// A link to a record present as a null (deleted, or hidden by a layer).
    mutating func null(_ key: RecordKey)

    /// A link to a record the source lacks.
    mutating func absent(_ key: RecordKey, path: PlanPath)

    /// A record the source will hold once a batch is read, to be walked with `selection`
    /// then (``PlanWalk/walk(_:_:typename:)``).
    mutating func pending(_ node: Node, _ selection: SelectionPlan, path: PlanPath)

    /// `node`'s `@connection` field `field` holds the merged connection `merged`.
    mutating func connection(_ field: FieldPlan, merged: Value, in node: Node)
}

extension PlanVisitor {
    @inlinable public static var readsLeaves: Bool { false }
    @inlinable public static var followsConnections: Bool { true }
    @inlinable public static var needsTypenames: Bool { false }
    @inlinable public static var skipsClientOnlyFields: Bool { false }
    @inlinable public var isDone: Bool { false }
    @inlinable public mutating func leaf(_ field: FieldPlan, _ value: Value) {}
    @inlinable public mutating func beginField(_ field: FieldPlan) {}
    @inlinable public mutating func endField(_ field: FieldPlan) {}
    @inlinable public mutating func plain(_ value: Value) {}
    @inlinable public mutating func beginList(count: Int) {}
    @inlinable public mutating func endList() {}
    @inlinable public mutating func null(_ key: RecordKey) {}
    @inlinable public mutating func absent(_ key: RecordKey, path: PlanPath) {}
    @inlinable public mutating func pending(_ node: Node, _ selection: SelectionPlan, path: PlanPath) {}
    @inlinable public mutating func connection(_ field: FieldPlan, merged: Value, in node: Node) {}
    @inlinable public mutating func missing(_ field: FieldPlan, in node: Node, typename: String?, path: PlanPath) {}
}

extension PlanVisitor where Visit == Void {
    @inlinable public mutating func leave(_ node: Node, _ visit: Visit) {}
}
