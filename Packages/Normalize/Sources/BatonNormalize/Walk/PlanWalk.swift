import BatonRecords

/// The one walk over an operation's plan and the records a source holds: how a record's
/// type picks its selection, how lists, links, `@connection` fields and root lookups are
/// followed, said once. The check, collection, the query's connection and the materializer
/// are its visitors.
///
/// For each record: the selection resolves for the record's `__typename`; each field's value
/// is the record's own, or, when it lacks one, what the source's lookup resolves; a leaf is
/// handed over (or passed over unread); a value with selections is followed: a link into its
/// record, a list element by element, anything else as a plain value; a `@connection` field
/// is followed into its merged connection too, at the same path, when the visitor asks; a
/// client-only field is passed over when the visitor skips them.
///
/// A value; used on one thread or actor, like its source and visitor.
///
/// The type itself constrains neither parameter; its members require a ``PlanSource`` and a
/// ``PlanVisitor`` over the same nodes. A constrained type's metadata is made by checking its
/// parameters' conformances, which the Swift runtime on Linux does by scanning every
/// conformance record of the process the first time it meets each pair: a new process's first
/// check paid about 0.75M instructions for its two walks' metadata, which their destruction
/// asks for.
public struct PlanWalk<Source, Visitor> {
    public var source: Source
    public var visitor: Visitor
    /// Where the walk is.
    public var path = PlanPath()
}

extension PlanWalk where Source: PlanSource, Visitor: PlanVisitor, Source.Node == Visitor.Node {
    @inlinable
    public init(source: Source, visitor: Visitor) {
        self.source = source
        self.visitor = visitor
    }

    /// Walks `node` with `selection`, at ``path``; `typename` stands in for a record that
    /// holds none (the root, whose type the plan knows).
    @inlinable
    public mutating func walk(_ node: Source.Node, _ selection: SelectionPlan, typename known: String? = nil) {
        let concrete = selection.byType.isEmpty
        let typename = known ?? (concrete && !Visitor.needsTypenames ? nil : source.typename(of: node))
        if concrete {
            walk(node, selection, selection.common, typename: typename)
        } else {
            walk(node, selection, selection.resolved(for: typename), typename: typename)
        }
    }

    /// Walks `node` with `resolved`, the fields `selection` resolves to for its type.
    ///
    /// Apart from ``walk(_:_:typename:)`` so that a selection without type conditions hands
    /// its own `common` fields in borrowed: where one expression chose between them and a
    /// selection resolved for the type, every record walked retained and released the fields
    /// and their array (`profile check 11`: 12.20M → 10.04M instructions; with the list's
    /// step below, 9.59M, and `collect-50k 2` 45.27M → 33.87M).
    @inlinable
    mutating func walk(
        _ node: Source.Node, _ selection: SelectionPlan, _ resolved: ResolvedSelection, typename: String?
    ) {
        guard let visit = visitor.enter(node, selection, resolved, path: path) else { return }
        source.willRead(resolved, in: node)
        for field in resolved.fields {
            if visitor.isDone { break }
            if Visitor.skipsClientOnlyFields && field.isClientOnly { continue }
            let slot = field.field.slot
            guard let selection = field.selection else {
                if !Visitor.readsLeaves && source.holds(slot, in: node) { continue }
                if let value = source.value(slot, in: node) {
                    if Visitor.readsLeaves { visitor.leaf(field, value) }
                    continue
                }
                visitor.missing(field, in: node, typename: typename, path: path)
                continue
            }
            let merged = field.mergedConnection { source.value($0, in: node) }?.value
            if let merged { visitor.connection(field, merged: merged, in: node) }
            var value = source.value(slot, in: node)
            if value == nil, let key = source.lookup(field, in: node) { value = .link(key) }
            guard let value else {
                visitor.missing(field, in: node, typename: typename, path: path)
                continue
            }
            path.enter(field)
            visitor.beginField(field)
            follow(value, selection)
            if Visitor.followsConnections, let merged { follow(merged, selection) }
            visitor.endField(field)
            path.leave()
        }
        visitor.leave(node, visit)
    }

    /// Follows a value of a field with selections.
    @inlinable
    mutating func follow(_ value: Value, _ selection: SelectionPlan) {
        switch value {
        case .link(let key):
            switch source.link(key) {
            case .node(let node):
                walk(node, selection)
            case .null(let key):
                visitor.null(key)
            case .absent(let key):
                visitor.absent(key, path: path)
            case .pending(let node):
                visitor.pending(node, selection, path: path)
            }
        case .list(let elements):
            visitor.beginList(count: elements.count)
            // One step for the list, moved from element to element (`profile check 11`:
            // 10.04M → 9.59M instructions, against a step entered and left for each).
            path.enter(index: 0)
            var index = 0
            for element in elements {
                if visitor.isDone { break }
                if index > 0 { path.move(toIndex: index) }
                follow(element, selection)
                index += 1
            }
            path.leave()
            visitor.endList()
        default:
            visitor.plain(value)
        }
    }
}

extension FieldPlan {
    /// The merged connection a `@connection` field's pages make in a record, read through
    /// `value`, and its slot; nil for any other field, or a record that holds none yet. The
    /// one connection rule: a ``PlanWalk`` follows it beside the field's own value (at the
    /// same path), and a lens reads it instead of the field's own page (asking for
    /// ``connectionSlot`` and whether the record holds it, so that a read copies no value).
    @inlinable
    public func mergedConnection(_ value: (Slot) -> Value?) -> (slot: Slot, value: Value)? {
        guard let connectionSlot, let merged = value(connectionSlot) else { return nil }
        return (connectionSlot, merged)
    }
}
