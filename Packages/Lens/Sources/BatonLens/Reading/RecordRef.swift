/// One record as a lens sees it: the record, the plan selection it was reached through (which
/// gives fields with arguments their storage keys) and the context its links resolve in.
///
/// Main actor: records live there. Cheap to copy (three references).
@MainActor
public struct RecordRef {
    public let record: Record
    /// The selection the record was reached through; nil when made by hand, in which case
    /// only fields without arguments can be read.
    public let selection: SelectionPlan?
    public let context: LensContext

    public init(record: Record, selection: SelectionPlan?, context: LensContext) {
        self.record = record
        self.selection = selection
        self.context = context
    }

    /// The record's key.
    public var key: RecordKey { record.key }
}
