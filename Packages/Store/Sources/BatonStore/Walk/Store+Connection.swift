@_spi(Baton) import BatonRecords

extension Store {
    /// The first `@connection` field `plan`'s operation reaches in memory that holds a
    /// merged connection, in the walk's order, with the connection's record; nil when none
    /// does. With `pageLists`, only a `@pageList`/`@offsetList` field (true) or only a Relay
    /// connection (false) counts. Untracked.
    public func firstConnection(
        of plan: OperationPlan, pageLists: Bool? = nil
    ) -> (field: FieldPlan, record: Record)? {
        var walk = PlanWalk(
            source: StoreSource(store: self), visitor: ConnectionSearch(store: self, pageLists: pageLists))
        guard let root = walk.source.root(plan.rootKey) else { return nil }
        walking { walk.walk(root, plan.root) }
        return walk.visitor.found
    }

    /// Looks for the first merged connection a walk meets: a `PlanWalk` visitor that stops
    /// there.
    @MainActor
    struct ConnectionSearch: @MainActor PlanVisitor {
        typealias Node = StoreNode

        static var followsConnections: Bool { false }

        let store: Store
        let pageLists: Bool?
        var found: (field: FieldPlan, record: Record)?

        var isDone: Bool { found != nil }

        func enter(_ node: Node, _ selection: SelectionPlan, _ resolved: ResolvedSelection, path: PlanPath) -> Void? {
            found == nil ? () : nil
        }

        mutating func connection(_ field: FieldPlan, merged: Value, in node: Node) {
            if let pageLists, (field.connection?.list != nil) != pageLists { return }
            if found == nil, let record = store.resolve(merged) { found = (field, record) }
        }
    }
}
