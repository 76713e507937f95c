import BatonRecords

/// The selections under one object of a plan, resolved for each concrete type the object
/// can have.
///
/// Fragments whose type condition always applies are flattened into the common fields;
/// conditional ones are merged in per concrete type at build time, so reading an object of
/// a known type is one table lookup. Immutable, safe on any thread.
public final class SelectionPlan: Sendable {
    /// The object's type as the schema states it, if a schema was given.
    public let staticType: String?
    /// Whether the object's type must come from the response's `__typename`: the position is
    /// abstract, or there is no schema to say.
    public let needsTypename: Bool
    /// Whether the position is an interface or a union (by the schema or the possible-types
    /// map): an object embedded here has its concrete type in its key, so an object of
    /// another type at the same place is another record.
    public let isAbstract: Bool
    /// The fields for an object of a type no conditional fragment names.
    public let common: ResolvedSelection
    /// The fields for each concrete type a conditional fragment applies to.
    public let byType: [String: ResolvedSelection]

    init(
        staticType: String?, needsTypename: Bool, isAbstract: Bool, common: ResolvedSelection,
        byType: [String: ResolvedSelection]
    ) {
        self.staticType = staticType
        self.needsTypename = needsTypename
        self.isAbstract = isAbstract
        self.common = common
        self.byType = byType
    }

    /// The fields to read for an object of `typename`.
    @inline(__always)
    public func resolved(for typename: String?) -> ResolvedSelection {
        if let typename, !byType.isEmpty, let resolved = byType[typename] { return resolved }
        return common
    }
}

/// The fields of one object of one concrete type, and the table that finds a response
/// member's field by its key without allocating.
public final class ResolvedSelection: Sendable {
    public let fields: [FieldPlan]
    public let keys: JSONKeyTable
    /// Positions in `fields` of the `__typename` fields.
    let typenameFields: [Int]
    /// Whether any field can identify the object; when none does, the object is embedded.
    public let selectsKeyFields: Bool
    /// Whether some field comes only in a deferred payload.
    public let hasDeferredFields: Bool
    /// Whether some field has selections of its own (links to walk).
    public let hasSelections: Bool
    /// Where each field's value lands among the record's cells.
    let layout: CellLayout

    init(fields: [FieldPlan]) {
        self.fields = fields
        self.keys = JSONKeyTable(fields.map(\.responseKey))
        self.typenameFields = fields.indices.filter { fields[$0].isTypename }
        self.selectsKeyFields = fields.contains { $0.isKeyField }
        self.hasDeferredFields = fields.contains { $0.deferLabel != nil }
        self.hasSelections = fields.contains { $0.selection != nil }
        self.layout = CellLayout(fields)
    }
}
