/// Where a link is read: the record holding it, its response key, and the plan field it
/// answers when the read went through the plan. Main actor.
@MainActor
public struct LinkSite {
    public let parent: RecordRef
    public let responseKey: String
    public let plan: FieldPlan?
    /// The field read, when a descriptor read it: finds its plan field once per selection.
    let address: FieldAddress?

    @usableFromInline
    init(parent: RecordRef, responseKey: String, plan: FieldPlan?, address: FieldAddress? = nil) {
        self.parent = parent
        self.responseKey = responseKey
        self.plan = plan
        self.address = address
    }

    /// The selection under the link, from the plan field or, on the fast path, found in
    /// the parent's selection (by the field's address, else by response key).
    @usableFromInline
    func childSelection() -> SelectionPlan? {
        if let plan { return plan.selection }
        guard let selection = parent.selection else { return nil }
        if let address { return address.planField(in: selection, of: parent.record)?.selection }
        return selection.resolved(for: parent.record.typename).fields
            .first(where: { $0.responseKey == responseKey })?.selection
    }
}
