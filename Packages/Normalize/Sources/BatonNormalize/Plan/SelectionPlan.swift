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
    /// The fields for each concrete type a conditional fragment applies to, and (under keys
    /// no type name can have) for an unknown type answering each set of discriminators.
    public let byType: [String: ResolvedSelection]
    /// The abstract types whose discriminators an object of a type the plan does not know
    /// may answer, sorted; empty for most selections.
    public let discriminatedTypes: [String]
    /// Whether an object read under this selection writes nothing but cells of records: no
    /// field of it, of any type, or below it is a connection, an edge write or a deletion. An
    /// object read so twice, byte for byte the same, writes the same cells again, and the walk
    /// leaves the second in one comparison when nothing it wrote has changed since.
    let writesOnlyCells: Bool

    init(
        staticType: String?, needsTypename: Bool, isAbstract: Bool, common: ResolvedSelection,
        byType: [String: ResolvedSelection]
    ) {
        self.staticType = staticType
        self.needsTypename = needsTypename
        self.isAbstract = isAbstract
        self.common = common
        self.byType = byType
        var types = Set<String>()
        for key in byType.keys where key.hasPrefix(Self.unknownTypePrefix) {
            types.formUnion(key.dropFirst(Self.unknownTypePrefix.count).split(separator: "&").map(String.init))
        }
        discriminatedTypes = types.sorted()
        writesOnlyCells = common.writesOnlyCells && byType.values.allSatisfy(\.writesOnlyCells)
    }

    /// The fields to read for an object of `typename`.
    @inline(__always)
    public func resolved(for typename: String?) -> ResolvedSelection {
        if let typename, !byType.isEmpty, let resolved = byType[typename] { return resolved }
        return common
    }

    /// The fields to read for an object of a type the plan does not know that answered the
    /// discriminators of `types` (a fragment on an abstract type applies to it when it does).
    public func resolved(unknownTypeAnswering types: [String]) -> ResolvedSelection {
        let planned = types.filter(discriminatedTypes.contains)
        guard !planned.isEmpty else { return common }
        return byType[Self.unknownTypeKey(answering: planned)] ?? common
    }

    // MARK: Discriminators

    /// The response key of the discriminator of the abstract type `type`: Relay's `__isNamed`
    /// for `Named`, the alias under which a fragment on `Named` selects `__typename`.
    public static func discriminator(of type: String) -> String { "__is" + type }

    /// How many abstract types' discriminators a selection resolves for: every set of them
    /// is planned ahead, so the first few in name order count.
    public static let discriminatorLimit = 6

    /// Starts the `byType` keys of the sets of discriminators: no type name can (a GraphQL
    /// name is ASCII letters, digits and underscores).
    static let unknownTypePrefix = "\u{2026}"

    /// The `byType` key of the fields of an unknown type answering the discriminators of `types`.
    static func unknownTypeKey(answering types: [String]) -> String {
        unknownTypePrefix + types.sorted().joined(separator: "&")
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
    /// Whether no field here or below writes anything but cells (`SelectionPlan.writesOnlyCells`).
    let writesOnlyCells: Bool

    init(fields: [FieldPlan]) {
        self.fields = fields
        self.keys = JSONKeyTable(fields.map(\.responseKey))
        self.typenameFields = fields.indices.filter { fields[$0].isTypename }
        self.selectsKeyFields = fields.contains { $0.isKeyField }
        self.hasDeferredFields = fields.contains { $0.deferLabel != nil }
        self.hasSelections = fields.contains { $0.selection != nil }
        self.layout = CellLayout(fields)
        self.writesOnlyCells = fields.allSatisfy { field in
            field.connection == nil && field.edgeWrite == nil && !field.deletesRecord
                && (field.selection?.writesOnlyCells ?? true)
        }
    }
}
