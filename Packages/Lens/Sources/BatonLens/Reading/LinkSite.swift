/// Where a link is read: the record holding it, its response key, and the plan field it
/// answers when the read went through the plan. Main actor.
@MainActor
public struct LinkSite {
    public let parent: RecordRef
    public let responseKey: String
    public let plan: FieldPlan?

    @usableFromInline
    init(parent: RecordRef, responseKey: String, plan: FieldPlan?) {
        self.parent = parent
        self.responseKey = responseKey
        self.plan = plan
    }

    /// The selection under the link, from the plan field or, on the fast path, found in
    /// the parent's selection by response key.
    @usableFromInline
    func childSelection() -> SelectionPlan? {
        if let plan { return plan.selection }
        guard let selection = parent.selection else { return nil }
        return selection.resolved(for: parent.record.typename).fields
            .first(where: { $0.responseKey == responseKey })?.selection
    }
}
