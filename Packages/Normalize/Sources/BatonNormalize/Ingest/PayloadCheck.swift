import BatonRecords

/// The schema's rules that a payload written by hand must keep and a server's response is
/// trusted to: no null in a non-null position, no enum value the schema does not declare, no
/// `__typename` that cannot stand where it is. Runs before the ingest, over the payload's
/// parsed tree, when ``Ingest/checksSchema`` asks for it; the walk itself is untouched.
///
/// What the plan's shape rules out (a scalar where an object is selected, a member not
/// selected, JSON that does not parse) is left to the ingest, which reports it. Each field's
/// definition is looked up once per check. A value on the stack, used once, on any thread.
struct PayloadCheck {
    let schema: GraphQLSchema
    let plan: OperationPlan
    /// What the schema says of each plan field met so far, by the field's identity.
    var definitions: [ObjectIdentifier: Definition] = [:]
    /// The response keys answering `__typename` of each selection met so far, by its identity.
    var typenameKeys: [ObjectIdentifier: [String]] = [:]
    /// The fields and definitions each selection met so far resolved to last, by its identity.
    var resolvedFields: [ObjectIdentifier: ResolvedFields] = [:]
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
        /// Whether a value can break a rule here: the type is non-null somewhere, or an enum, or
        /// an object's (whose members are checked in turn).
        let constrains: Bool
    }

    /// A selection's fields for an object of one type in one position, with their definitions.
    struct ResolvedFields {
        let typename: String?
        let position: String
        let fields: [FieldPlan]
        let definitions: [Definition]
    }

    init(schema: GraphQLSchema, plan: OperationPlan) {
        self.schema = schema
        self.plan = plan
    }

    /// Throws the first value of `response`'s `data` that breaks one of the rules, at its path.
    mutating func check(_ response: some Collection<UInt8>, maxDepth: Int) throws(IngestError) {
        guard let parsed = try? JSONValue.parse(response, maxDepth: maxDepth),
            case .object(let data)? = parsed[member: "data"]
        else { return }
        try checkObject(data, plan.root, position: plan.rootTypename)
    }

    /// Checks an object in a position of type `position` read as `selection`: its `__typename`,
    /// then each member the plan selects against its field's definition on the object's type.
    /// Paths are made only for an error, element by element as it leaves each level.
    mutating func checkObject(_ members: [(String, JSONValue)], _ selection: SelectionPlan, position: String)
        throws(IngestError)
    {
        var typename: String?
        let typenameKeys = self.typenameKeys(of: selection)
        for (key, value) in members where key == "__typename" || typenameKeys.contains(key) {
            guard case .string(let name) = value else { continue }
            do throws(IngestError) {
                try checkTypename(name, position: position)
            } catch {
                throw error.under(.key(key))
            }
            typename = typename ?? name
        }
        let (fields, definitions) = self.fields(of: selection, typename: typename, position: position)
        var next = 0
        for member in members.indices {
            // Members mostly come in selection order: try the next field first.
            let key = members[member].0
            let index =
                next < fields.count && fields[next].responseKey == key
                ? next : fields.firstIndex { $0.responseKey == key }
            guard let index else { continue }
            next = index + 1
            let definition = definitions[index]
            guard definition.constrains, !fields[index].isTypename, let type = definition.type else { continue }
            do throws(IngestError) {
                try checkValue(members[member].1, type, fields[index], enumValues: definition.enumValues)
            } catch {
                throw error.under(.key(key))
            }
        }
    }

    /// The response keys that answer a `__typename` (under an alias) of `selection`, found once.
    mutating func typenameKeys(of selection: SelectionPlan) -> [String] {
        let id = ObjectIdentifier(selection)
        if let known = typenameKeys[id] { return known }
        let common = selection.common
        let keys = common.typenameFields.map { common.fields[$0].responseKey }
        typenameKeys[id] = keys
        return keys
    }

    /// The fields `selection` reads for an object of `typename` in a position of type
    /// `position`, with their definitions on the object's type, in the same order; looked up
    /// once for each selection until an object of another type meets it.
    mutating func fields(of selection: SelectionPlan, typename: String?, position: String)
        -> (fields: [FieldPlan], definitions: [Definition])
    {
        let id = ObjectIdentifier(selection)
        if let known = resolvedFields[id], known.typename == typename, known.position == position {
            return (known.fields, known.definitions)
        }
        let fields = selection.resolved(for: typename).fields
        let parent = typename ?? position
        let definitions = fields.map { definition(of: $0, on: parent) }
        resolvedFields[id] = ResolvedFields(
            typename: typename, position: position, fields: fields, definitions: definitions)
        return (fields, definitions)
    }

    /// What the schema says of `field` on the type `parent`, looked up once.
    mutating func definition(of field: FieldPlan, on parent: String) -> Definition {
        if let known = definitions[ObjectIdentifier(field)], known.parent == parent { return known }
        let type = schema.field(field.name, on: parent)?.type
        let named = type.flatMap { schema.type(named: $0.namedType) }
        let enumValues = named?.kind == .enumeration ? named?.enumValues.map(\.name) : nil
        let definition = Definition(
            parent: parent, type: type, enumValues: enumValues,
            constrains: enumValues != nil || field.selection != nil || (type.map(Self.hasNonNull) ?? false))
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

    /// Checks `value`, the member of `field` (or an element of it), against `type`, whose
    /// named type is the enum of `enumValues` when they are given.
    mutating func checkValue(_ value: JSONValue, _ type: TypeReference, _ field: FieldPlan, enumValues: [String]?)
        throws(IngestError)
    {
        switch type {
        case .nonNull(let inner):
            if value.isNull { throw IngestError(.nullInNonNull(type: type.description)) }
            try checkValue(value, inner, field, enumValues: enumValues)
        case .list(let inner):
            guard case .array(let elements) = value else { return }
            for (index, element) in elements.enumerated() {
                do throws(IngestError) {
                    try checkValue(element, inner, field, enumValues: enumValues)
                } catch {
                    throw error.under(.index(index))
                }
            }
        case .named(let name):
            switch value {
            case .object(let members):
                if let selection = field.selection { try checkObject(members, selection, position: name) }
            case .string(let text):
                if let enumValues, !enumValues.contains(text) {
                    throw IngestError(
                        .undeclaredEnumValue(
                            text, enum: name, values: enumValues, nearest: NearestName.among(enumValues, to: text)))
                }
            default:
                return
            }
        }
    }

    /// Throws when the object type `name` cannot stand in a position of type `position`.
    mutating func checkTypename(_ name: String, position: String) throws(IngestError) {
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
