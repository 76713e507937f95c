import Synchronization

/// The selections under one object of an ``OperationTemplate``, resolved for each
/// concrete type the object can have: what a ``SelectionPlan`` is before variables.
///
/// The compiler emits these as data. Immutable but for the plan a variable-free selection
/// keeps (`planned`, behind a lock); safe on any thread.
public final class SelectionTemplate: Sendable {
    /// The object's type as the schema states it, if planned with a schema.
    public let staticType: String?
    /// Whether the object's type must come from the response's `__typename`.
    public let needsTypename: Bool
    /// Whether the position is an interface or a union.
    public let isAbstract: Bool
    /// The fields for an object of a type no conditional fragment names.
    public let common: [FieldTemplate]
    /// The fields for each concrete type a conditional fragment applies to, and (under keys
    /// no type name can have) for an unknown type answering each set of discriminators.
    public let byType: [String: [FieldTemplate]]
    /// Whether the selection plans the same under any variables (every field of it is
    /// `FieldTemplate.isVariableFree`): then its plan is made once for a cache-key policy's
    /// key fields and shared by the plans of every variables (`planned`).
    let isVariableFree: Bool
    /// The plan of a variable-free selection, and the key fields it was made with.
    let planned = Mutex<(keyFields: Set<String>, plan: SelectionPlan)?>(nil)

    public init(
        _ staticType: String?, needsTypename: Bool = false, abstract isAbstract: Bool = false,
        _ common: [FieldTemplate], byType: [String: [FieldTemplate]] = [:]
    ) {
        self.staticType = staticType
        self.needsTypename = needsTypename
        self.isAbstract = isAbstract
        self.common = common
        self.byType = byType
        self.isVariableFree =
            common.allSatisfy(\.isVariableFree) && byType.values.allSatisfy { $0.allSatisfy(\.isVariableFree) }
    }

    /// A selection whose `byType` also has the common fields for each of `commonTypes`:
    /// the types a conditional fragment applies to whose fields are the common ones, which
    /// the compiler names rather than writes again (a selection on an interface has an entry
    /// for every type implementing it).
    public convenience init(
        _ staticType: String?, needsTypename: Bool = false, abstract isAbstract: Bool = false,
        _ common: [FieldTemplate], byType: [String: [FieldTemplate]] = [:], commonTypes: [String]
    ) {
        var byType = byType
        for typename in commonTypes { byType[typename] = common }
        self.init(staticType, needsTypename: needsTypename, abstract: isAbstract, common, byType: byType)
    }
}
