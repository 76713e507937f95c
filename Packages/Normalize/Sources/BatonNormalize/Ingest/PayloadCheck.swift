import BatonRecords

/// The schema's rules that a payload written by hand must keep and a server's response is
/// trusted to: no null in a non-null position, no enum value the schema does not declare, no
/// `__typename` that cannot stand where it is. Run by the ingest's walk itself when
/// ``Ingest/checksSchema`` asks for it: each member is checked as the walk reads it, against
/// its field's definition on the type of the object it is in, so a payload is read once.
///
/// What the plan's shape rules out (a scalar where an object is selected, a member not
/// selected, JSON that does not parse) is the walk's own error. Each field's definition is
/// looked up once per check, and each selection's definitions once per type it meets. Owned by
/// one walk, on its task (a class, so the walk's calls into it copy nothing).
final class PayloadCheck {
    let schema: GraphQLSchema
    let plan: OperationPlan
    /// What the schema says of each plan field met so far, by the field's identity.
    var definitions: [ObjectIdentifier: Definition] = [:]
    /// The definitions of the selections met last, direct-mapped by the selection's identity:
    /// fixed slots the check owns, read on every object without an exclusivity check.
    let recent: UnsafeMutablePointer<SelectionDefinitions?>
    static let recentSlots = 32
    /// The possible types of each abstract position met so far.
    var possibleTypes: [String: Set<String>] = [:]

    /// A field's definition on the type of the object it was met on.
    struct Definition {
        /// The type the definition is on.
        let parent: String
        /// The field's type; nil when the schema does not define the field there.
        let type: TypeReference?
        /// The values of the field's enum, in the schema's order; nil when it is no enum.
        let enumValues: [String]?
        /// Whether a value can break a rule here: the type is non-null somewhere, or an enum,
        /// or the field is a `__typename`.
        let constrains: Bool
    }

    /// A resolved selection's fields' definitions on one type, in the selection's order.
    struct SelectionDefinitions {
        let selection: ObjectIdentifier
        let parent: String
        let definitions: [Definition]
    }

    init(schema: GraphQLSchema, plan: OperationPlan) {
        self.schema = schema
        self.plan = plan
        recent = .allocate(capacity: Self.recentSlots)
        recent.initialize(repeating: nil, count: Self.recentSlots)
    }

    deinit {
        recent.deinitialize(count: Self.recentSlots)
        recent.deallocate()
    }

    /// The definitions of `selection`'s fields on `parent`, the type of the object being
    /// read (or, when it has none yet, its position's), in the selection's order.
    @inline(__always)
    func definitions(of selection: ResolvedSelection, on parent: String) -> [Definition] {
        let id = ObjectIdentifier(selection)
        let bits = UInt64(UInt(bitPattern: id))
        let slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 59)
        if let known = recent[slot], known.selection == id, known.parent == parent { return known.definitions }
        let definitions = selection.fields.map { definition(of: $0, on: parent) }
        recent[slot] = SelectionDefinitions(selection: id, parent: parent, definitions: definitions)
        return definitions
    }

    /// Checks `value`, which the walk read for `field` under `definition`; a `__typename`
    /// against `position`, the type of the place the object stands in.
    @inline(__always)
    func check(_ value: Value, _ field: FieldPlan, _ definition: Definition, position: String?)
        throws(IngestError)
    {
        if field.isTypename {
            if let position, case .string(let name) = value { try checkTypename(name, position: position) }
            return
        }
        guard let type = definition.type else { return }
        try checkValue(value, type, enumValues: definition.enumValues)
    }

    /// What the schema says of `field` on the type `parent`, looked up once.
    func definition(of field: FieldPlan, on parent: String) -> Definition {
        if let known = definitions[ObjectIdentifier(field)], known.parent == parent { return known }
        let type = schema.field(field.name, on: parent)?.type
        let named = type.flatMap { schema.type(named: $0.namedType) }
        let enumValues = named?.kind == .enumeration ? named?.enumValues.map(\.name) : nil
        let definition = Definition(
            parent: parent, type: type, enumValues: enumValues,
            constrains: field.isTypename || enumValues != nil || (type.map(Self.hasNonNull) ?? false))
        definitions[ObjectIdentifier(field)] = definition
        return definition
    }

    /// Whether `type` is non-null at some level.
    static func hasNonNull(_ type: TypeReference) -> Bool {
        switch type {
        case .nonNull: true
        case .list(let inner): hasNonNull(inner)
        case .named: false
        }
    }

    /// Checks `value` (a member's, or an element of it) against `type`, whose named type is the
    /// enum of `enumValues` when they are given. An object's own members were checked when the
    /// walk read them.
    func checkValue(_ value: Value, _ type: TypeReference, enumValues: [String]?) throws(IngestError) {
        switch type {
        case .nonNull(let inner):
            if case .null = value { throw IngestError(.nullInNonNull(type: type.description)) }
            try checkValue(value, inner, enumValues: enumValues)
        case .list(let inner):
            guard enumValues != nil || Self.hasNonNull(inner), case .list(let elements) = value else { return }
            for index in elements.indices {
                do throws(IngestError) {
                    try checkValue(elements[index], inner, enumValues: enumValues)
                } catch {
                    throw error.under(.index(index))
                }
            }
        case .named(let name):
            if let enumValues, case .string(let text) = value, !enumValues.contains(text) {
                throw IngestError(
                    .undeclaredEnumValue(
                        text, enum: name, values: enumValues, nearest: NearestName.among(enumValues, to: text)))
            }
        }
    }

    /// Throws when the object type `name` cannot stand in a position of type `position`.
    func checkTypename(_ name: String, position: String) throws(IngestError) {
        guard name != position else { return }
        let possible: Set<String>
        if let known = possibleTypes[position] {
            possible = known
        } else {
            guard schema.type(named: position) != nil else { return }
            possible = schema.possibleTypes(position).union(plan.normalization.possibleTypes[position] ?? [])
            possibleTypes[position] = possible
        }
        guard !possible.contains(name) else { return }
        let sorted = possible.sorted()
        guard schema.type(named: name) != nil else {
            throw IngestError(.unknownTypename(name, possible: sorted, nearest: NearestName.among(sorted, to: name)))
        }
        throw IngestError(.impossibleTypename(name, position: position, possible: sorted))
    }
}
