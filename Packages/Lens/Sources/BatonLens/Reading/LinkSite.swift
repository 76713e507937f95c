/// Where a link is read: the field, and the plan field it answers when the read went through
/// the plan. The record holding the link is handed beside it (``LinkTarget``'s `parent`), so
/// a read copies no reference to the parent into the site. Main actor.
///
/// A site lives as long as the read that made it: its plan field is held unretained, kept by
/// the parent's selection, which the read's `parent` holds. Keep ``plan``, not the site.
@MainActor
public struct LinkSite {
    /// The plan field, unretained: a link read copies no reference into its site.
    @usableFromInline let unretainedPlan: Unmanaged<FieldPlan>?
    /// The field read, unretained (addresses are interned for the life of the process).
    @usableFromInline let address: Unmanaged<FieldAddress>
    /// Whether a descriptor read the field: then its plan field is found through the address
    /// (once per selection), otherwise by response key.
    @usableFromInline let findsPlanFieldByAddress: Bool

    /// `plan` must be kept by the parent's selection for as long as the site is used.
    @usableFromInline
    init(plan: Unmanaged<FieldPlan>?, address: Unmanaged<FieldAddress>, findsPlanFieldByAddress: Bool) {
        self.unretainedPlan = plan
        self.address = address
        self.findsPlanFieldByAddress = findsPlanFieldByAddress
    }

    /// The plan field the link answers, when the read went through the plan.
    public var plan: FieldPlan? { unretainedPlan?.takeUnretainedValue() }

    /// The field's response key: its alias, else its name.
    public var responseKey: String { address.takeUnretainedValue().responseKey }

    /// The selection under the link in `parent`, from the plan field or, on the fast path,
    /// found in the parent's selection (by the field's address, else by response key).
    @usableFromInline
    func childSelection(in parent: RecordRef) -> SelectionPlan? {
        if let unretainedPlan { return Self.selection(of: unretainedPlan) }
        guard let selection = parent.selection else { return nil }
        if findsPlanFieldByAddress {
            return address.takeUnretainedValue().planField(in: selection, of: parent.record)?.takeUnretainedValue()
                .selection
        }
        let responseKey = self.responseKey
        return selection.resolved(for: parent.record.typename).fields
            .first(where: { $0.responseKey == responseKey })?.selection
    }

    /// The selection under `plan`, reached without a retain of the plan field. Nonisolated:
    /// a main-actor closure checks its executor at each call.
    nonisolated private static func selection(of plan: Unmanaged<FieldPlan>) -> SelectionPlan? {
        plan._withUnsafeGuaranteedRef { $0.selection }
    }
}
