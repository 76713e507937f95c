/// Where a link is read: the record holding it, its response key, and the plan field it
/// answers when the read went through the plan. Main actor.
@MainActor
public struct LinkSite {
    public let parent: RecordRef
    public let plan: FieldPlan?
    /// The field read, unretained (addresses are interned for the life of the process).
    @usableFromInline let address: Unmanaged<FieldAddress>
    /// Whether a descriptor read the field: then its plan field is found through the address
    /// (once per selection), otherwise by response key.
    @usableFromInline let findsPlanFieldByAddress: Bool

    @usableFromInline
    init(parent: RecordRef, plan: FieldPlan?, address: Unmanaged<FieldAddress>, findsPlanFieldByAddress: Bool) {
        self.parent = parent
        self.plan = plan
        self.address = address
        self.findsPlanFieldByAddress = findsPlanFieldByAddress
    }

    /// The field's response key: its alias, else its name.
    public var responseKey: String { address.takeUnretainedValue().responseKey }

    /// The selection under the link, from the plan field or, on the fast path, found in
    /// the parent's selection (by the field's address, else by response key).
    @usableFromInline
    func childSelection() -> SelectionPlan? {
        if let plan { return plan.selection }
        guard let selection = parent.selection else { return nil }
        if findsPlanFieldByAddress {
            return address.takeUnretainedValue().planField(in: selection, of: parent.record)?.selection
        }
        let responseKey = self.responseKey
        return selection.resolved(for: parent.record.typename).fields
            .first(where: { $0.responseKey == responseKey })?.selection
    }
}
