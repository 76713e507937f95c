import Synchronization

/// Where a lens field lives in its record: its schema name, its response key, and, for a
/// field without arguments, its interned slot (the static fast path). A field with arguments
/// finds its storage slot through the plan the lens was made from. Its fields are immutable
/// and safe on any thread; the plan field it last found is kept on the main actor.
///
/// Interned: one address exists per (name, alias, arguments, conditional) for the life of the
/// process (`interned(name:alias:arguments:conditional:)`), so descriptors hold it
/// unretained and copy as plain words: a lens read from a `static let` of descriptors copies
/// no reference. Fragments that declare the same field share its address.
public final class FieldAddress: Sendable, Hashable {
    /// The schema field's name.
    public let name: String
    /// The alias, or the name: how the plan names the field.
    public let responseKey: String
    /// The field's slot when its storage key is its name; nil when it takes arguments.
    @usableFromInline let staticField: FieldSlot?
    /// Whether a response may leave the field out (`@include`, `@skip`, `@defer`): a record
    /// without it then reads as null instead of throwing ``LensError/missing(field:record:)``.
    /// A client-only field (`FieldPlan.isClientOnly`), which no response holds, is declared so:
    /// it reads as null until the app writes it.
    public let conditional: Bool
    /// The plan field ``planField(in:of:)`` last found. Main actor, like every read; one per
    /// address until another replaces it (every fragment that declares the field shares it:
    /// reads through other selections in turn each find their plan field again by response
    /// key). Held apart from its selection, so a read compares the selection and copies only
    /// the plan field it returns. Unchecked: main actor only, and a dynamic exclusivity check
    /// on every read through the plan cost about 100 instructions.
    @MainActor @exclusivity(unchecked) private var lastPlan: FieldPlan?
    /// The resolved selection `lastPlan` was found in, kept so its identity cannot be reused.
    @MainActor @exclusivity(unchecked) private var lastSelection: ResolvedSelection?

    private init(name: String, alias: String?, arguments: Bool, conditional: Bool) {
        self.name = name
        self.responseKey = alias ?? name
        self.staticField = arguments ? nil : FieldSlot.named(name)
        self.conditional = conditional
    }

    /// The address of the field so declared, made on first use and kept for the life of the
    /// process: the one every descriptor of that field holds, unretained. Any thread.
    static func interned(name: String, alias: String?, arguments: Bool, conditional: Bool) -> Unmanaged<FieldAddress> {
        let key = InternKey(name: name, alias: alias, arguments: arguments, conditional: conditional)
        return interned.withLock { table in
            if let address = table[key] { return Unmanaged.passUnretained(address) }
            let address = FieldAddress(name: name, alias: alias, arguments: arguments, conditional: conditional)
            table[key] = address
            return Unmanaged.passUnretained(address)
        }
    }

    /// `__typename`'s address: what ``Spread`` and ``Narrow`` declare.
    static let typename = interned(name: "__typename", alias: nil, arguments: false, conditional: false)

    private struct InternKey: Hashable {
        let name: String
        let alias: String?
        let arguments: Bool
        let conditional: Bool
    }

    /// Every address made so far, which keeps them: addresses are never freed.
    private static let interned = Mutex<[InternKey: FieldAddress]>([:])

    /// Whether the field's storage key must come from the plan.
    public var takesArguments: Bool { staticField == nil }

    public static func == (lhs: FieldAddress, rhs: FieldAddress) -> Bool {
        lhs.name == rhs.name && lhs.responseKey == rhs.responseKey && lhs.takesArguments == rhs.takesArguments
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(responseKey)
    }

    /// The slot to read in `ref`'s record and the plan field it answers (nil on the fast
    /// path). A `@connection` field reads its merged connection record when one exists.
    /// Both unretained: slots are interned for the life of the process, and the plan field
    /// belongs to `ref`'s selection, which the caller holds for as long as it uses the answer.
    @MainActor
    @inlinable
    func resolve(in ref: RecordRef) throws(LensError) -> (field: Unmanaged<FieldSlot>, plan: Unmanaged<FieldPlan>?) {
        if let staticField { return (Unmanaged.passUnretained(staticField), nil) }
        return try resolveThroughPlan(in: ref)
    }

    @MainActor
    @usableFromInline
    func resolveThroughPlan(in ref: RecordRef) throws(LensError) -> (
        field: Unmanaged<FieldSlot>, plan: Unmanaged<FieldPlan>?
    ) {
        // The selection is passed in place: bound to a local (`guard let`), it was retained.
        guard ref.selection != nil, let plan = planField(in: ref.selection.unsafelyUnwrapped, of: ref.record) else {
            throw .notSelected(field: responseKey, record: ref.record.key)
        }
        if let merged = Self.mergedConnection(of: plan), ref.record.holdsField(untracked: merged) {
            return (Unmanaged.passUnretained(NameTable.shared.field(at: merged)), plan)
        }
        return (Self.field(of: plan), plan)
    }

    /// The slot of the connection `plan`'s pages merge into, if it is a `@connection`.
    /// Nonisolated: a main-actor closure checks its executor at each call.
    nonisolated private static func mergedConnection(of plan: Unmanaged<FieldPlan>) -> Slot? {
        plan._withUnsafeGuaranteedRef { $0.connectionSlot }
    }

    /// `plan`'s storage slot, unretained. Nonisolated, as `mergedConnection(of:)`.
    nonisolated private static func field(of plan: Unmanaged<FieldPlan>) -> Unmanaged<FieldSlot> {
        plan._withUnsafeGuaranteedRef { Unmanaged.passUnretained($0.field) }
    }

    /// The plan field this address answers in `selection` for `record`'s type, unretained
    /// (`selection` holds it); nil when the selection does not select it. Found by response
    /// key once per resolved selection: the last one found is kept (with the selection, so its
    /// identity cannot be reused) and a read through the same selection takes it without
    /// comparing a string.
    @MainActor
    func planField(in selection: SelectionPlan, of record: Record) -> Unmanaged<FieldPlan>? {
        // Only a selection with conditional fragments depends on the record's type. The
        // common selection is compared in place: bound to a local, it was retained.
        if selection.byType.isEmpty {
            if lastSelection === selection.common, let lastPlan { return Unmanaged.passUnretained(lastPlan) }
            return find(in: selection.common)
        }
        let resolved = selection.resolved(for: record.typename)
        if lastSelection === resolved, let lastPlan { return Unmanaged.passUnretained(lastPlan) }
        return find(in: resolved)
    }

    /// The plan field this address answers in `resolved`, found by response key and kept as
    /// the last one found.
    @MainActor
    private func find(in resolved: ResolvedSelection) -> Unmanaged<FieldPlan>? {
        guard let plan = resolved.fields.first(where: { $0.responseKey == responseKey }) else { return nil }
        lastPlan = plan
        lastSelection = resolved
        return Unmanaged.passUnretained(plan)
    }

    /// The value in `ref`'s record, read with tracking, and the plan field it answers
    /// (unretained, as ``resolve(in:)`` gives it); throws when the record lacks it (null for a
    /// conditional field) or holds a field error there.
    @MainActor
    @usableFromInline
    func value(in ref: RecordRef) throws(LensError) -> (value: Value, plan: Unmanaged<FieldPlan>?) {
        let (field, plan) = try resolve(in: ref)
        guard let value = ref.record[field] else {
            if let plan, let key = ref.context.store.lookupKey(in: ref.record, field: plan.takeUnretainedValue()) {
                return (.link(key), plan)
            }
            if conditional { return (.null, plan) }
            throw .missing(field: responseKey, record: ref.record.key)
        }
        if case .error(let error) = value { throw .fieldError(error, field: responseKey, record: ref.record.key) }
        return (value, plan)
    }
}
