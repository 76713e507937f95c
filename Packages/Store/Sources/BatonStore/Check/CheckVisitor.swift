@_spi(Baton) import BatonRecords
import BatonNormalize

/// The availability check as a `PlanWalk` visitor: what is missing (named by its
/// response path on the walk over memory), whether a deferred field is pending, the latest
/// invalidation of a record read, and, on the walk that may read, the records awaiting
/// their rows. Main actor, one check's life.
@MainActor
struct CheckVisitor: @MainActor PlanVisitor {
    typealias Node = StoreNode

    /// What ``enter(_:_:_:path:)`` remembers of a record until it is left: the pair to
    /// remember as complete, and how many gaps were known before it.
    struct Visit {
        let memo: RecordVisit?
        let missingBefore: Int
    }

    /// A record awaiting its row, met on the walk that may read, with the selection to walk
    /// it with.
    ///
    /// Holds neither strongly: the source's `batch` holds the record until its level is
    /// walked, and the plan being checked holds the selection. Copies cost no reference
    /// counting (a level holds thousands).
    struct Unread {
        unowned(unsafe) let record: Record
        unowned(unsafe) let selection: SelectionPlan
        /// The record's state when the walk entered it.
        let state: RecordState
        /// Where its row's read is among its level's reads; -1 for a record entered earlier
        /// in the level (its read is looked up in the table).
        let batchIndex: Int32
    }

    /// A client-only field is no gap, nor is anything under it: no fetch would answer it.
    static var skipsClientOnlyFields: Bool { true }

    let store: Store
    /// Whether this is the walk inside the read transaction.
    let reads: Bool
    /// What is missing, by response path; on the walk that may read (which walks records in
    /// levels, away from their paths), only counted, in ``gaps``.
    var missing: [[FieldError.PathElement]] = []
    /// How many gaps the walk found.
    var gaps = 0
    var pending = false
    /// Whether a gap was found that the persistence might fill.
    var persistenceMightHelp = false
    /// The sequence of the latest invalidation of a record walked (see ``Stamp``), or 0.
    var latestInvalidation = 0
    /// Records walked with a selection and found complete.
    var complete = VisitSet()
    /// On the walk that may read: records awaiting their rows, walked after the level that
    /// met them is read.
    var unread: [Unread] = []

    init(store: Store, reads: Bool) {
        self.store = store
        self.reads = reads
    }

    mutating func enter(_ node: Node, _ selection: SelectionPlan, _ resolved: ResolvedSelection, path: PlanPath)
        -> Visit?
    {
        if Int(node.state.invalidation) > latestInvalidation { latestInvalidation = Int(node.state.invalidation) }
        // A record reached again with the same selection answers as before when that walk
        // found nothing missing: skip it. Worth a set lookup only above leaf-only selections.
        guard resolved.hasSelections else { return Visit(memo: nil, missingBefore: gaps) }
        let visit = RecordVisit(record: ObjectIdentifier(node.record), selection: ObjectIdentifier(selection))
        if complete.contains(visit) { return nil }
        return Visit(memo: visit, missingBefore: gaps)
    }

    mutating func leave(_ node: Node, _ visit: Visit) {
        if let memo = visit.memo, gaps == visit.missingBefore { complete.insert(memo) }
    }

    mutating func missing(_ field: FieldPlan, in node: Node, typename: String?, path: PlanPath) {
        if field.isTypename { return }
        if field.deferLabel != nil {
            pending = true
            return
        }
        gaps += 1
        guard !reads else { return }
        missing.append(path.elements(adding: field))
        guard store.disk.persistence != nil else { return }
        let key = node.record.key
        let unread =
            key.isRoot
            ? !store.table.rootField(key, read: field.field.slot)
            : store.table.state(key).row != .read
        if unread { persistenceMightHelp = true }
    }

    mutating func absent(_ key: RecordKey, path: PlanPath) {
        gaps += 1
        guard !reads else { return }
        missing.append(path.elements())
        if store.disk.persistence != nil, store.table.state(key).row != .read { persistenceMightHelp = true }
    }

    mutating func pending(_ node: Node, _ selection: SelectionPlan, path: PlanPath) {
        unread.append(
            Unread(record: node.record, selection: selection, state: node.state, batchIndex: node.batchIndex))
    }
}
