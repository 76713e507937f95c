/// Where a link is read: the field, and the plan field it answers when the read went through
/// the plan. The record holding the link is handed beside it (``LinkTarget``'s `parent`), so
/// a read copies no reference to the parent into the site. Main actor.
@MainActor
public struct LinkSite {
    public let plan: FieldPlan?
    /// The field read, unretained (addresses are interned for the life of the process).
    @usableFromInline let address: Unmanaged<FieldAddress>
    /// Whether a descriptor read the field: then its plan field is found through the address
    /// (once per selection), otherwise by response key.
    @usableFromInline let findsPlanFieldByAddress: Bool

    @usableFromInline
    init(plan: FieldPlan?, address: Unmanaged<FieldAddress>, findsPlanFieldByAddress: Bool) {
        self.plan = plan
        self.address = address
        self.findsPlanFieldByAddress = findsPlanFieldByAddress
    }

    /// The field's response key: its alias, else its name.
    public var responseKey: String { address.takeUnretainedValue().responseKey }

    /// The selection under the link in `parent`, from the plan field or, on the fast path,
    /// found in the parent's selection (by the field's address, else by response key).
    @usableFromInline
    func childSelection(in parent: RecordRef) -> SelectionPlan? {
        if let plan { return plan.selection }
        guard let selection = parent.selection else { return nil }
        if findsPlanFieldByAddress {
            return address.takeUnretainedValue().planField(in: selection, of: parent.record)?.takeUnretainedValue()
                .selection
        }
        let responseKey = self.responseKey
        return selection.resolved(for: parent.record.typename).fields
            .first(where: { $0.responseKey == responseKey })?.selection
    }
}
