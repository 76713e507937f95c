import BatonNormalize
import BatonRecords

/// One mock's walk: the plan's selections over the test's partial JSON, each member the test
/// left out filled from the schema (``MockBuilder`` lists the values). Made for one mock, on
/// the stack of the thread that builds it; its sequences start at 1 each time, so the same
/// input gives the same mock.
struct MockFill {
    let schema: GraphQLSchema
    let normalization: Normalization
    let options: MockOptions
    /// The last number given to a generated key of each type.
    private var sequences: [String: Int] = [:]
    /// Where the walk is, for errors: response keys and list indices.
    private var path: [String] = []

    init(normalization: Normalization, options: MockOptions) throws(MockError) {
        guard let schema = normalization.schema else { throw .noSchema }
        self.schema = schema
        self.normalization = normalization
        self.options = options
        for (abstract, chosen) in options.concreteTypes.sorted(by: { $0.key < $1.key }) {
            let possible = possibleTypes(of: abstract)
            guard schema.isAbstract(abstract), possible.contains(chosen) else {
                throw .impossibleConcreteType(chosen, abstract: abstract, possible: possible.sorted())
            }
        }
    }

    /// The object at a position of type `position` read as `selection`, from the members the
    /// test set (nil: none): each field the plan selects for the object's type in plan order,
    /// then any member the test set that the plan does not select (for the ingest to refuse).
    mutating func object(_ given: [(String, JSONValue)]?, _ selection: SelectionPlan, position: String)
        throws(MockError) -> JSONValue
    {
        let given = given ?? []
        let typename = try concreteType(given: given, position: position)
        let fields = selection.resolved(for: typename).fields
        var members: [(String, JSONValue)] = []
        if selection.needsTypename, !fields.contains(where: \.isTypename) {
            members.append(("__typename", .string(typename)))
        }
        for field in fields {
            if field.isTypename {
                members.append((field.responseKey, .string(typename)))
                continue
            }
            let set = given.first { $0.0 == field.responseKey }?.1
            if field.isClientOnly, set == nil { continue }
            // On a type the test set that cannot stand here, the position's definition: the
            // ingest refuses the `__typename` then.
            guard let definition = schema.field(field.name, on: typename) ?? schema.field(field.name, on: position)
            else {
                throw .unknownField(field.name, type: typename, path: pathText(field.responseKey))
            }
            path.append(field.responseKey)
            members.append((field.responseKey, try value(set, definition.type, field, on: typename)))
            path.removeLast()
        }
        let selected = Set(fields.map(\.responseKey)).union(["__typename"])
        members.append(contentsOf: given.filter { !selected.contains($0.0) })
        return .object(members)
    }

    /// The value of `field` (on an object of type `parent`) of `type`: what the test set,
    /// walked into where it holds objects, or what fills an unset one.
    private mutating func value(_ set: JSONValue?, _ type: TypeReference, _ field: FieldPlan, on parent: String)
        throws(MockError) -> JSONValue
    {
        let nonNull = type.isNonNull
        let type = type.nullable
        guard let set else {
            guard nonNull || options.fillsNullableFields else { return .null }
            return try generated(type, field, on: parent)
        }
        switch (type, set) {
        case (.list(let elementType), .array(let elements)):
            var values: [JSONValue] = []
            for (index, element) in elements.enumerated() {
                path.append("[\(index)]")
                values.append(try value(element, elementType, field, on: parent))
                path.removeLast()
            }
            return .array(values)
        case (.named(let name), .object(let members)):
            guard let selection = field.selection else { return set }
            return try object(members, selection, position: name)
        default:
            return set
        }
    }

    /// What fills an unset value of `type` (nullability stripped): an object filled in turn, a
    /// list of ``MockOptions/listLength``, or a leaf.
    private mutating func generated(_ type: TypeReference, _ field: FieldPlan, on parent: String)
        throws(MockError) -> JSONValue
    {
        switch type {
        case .nonNull(let inner):
            return try generated(inner, field, on: parent)
        case .list(let element):
            guard options.listLength == .one else { return .array([]) }
            path.append("[0]")
            defer { path.removeLast() }
            return .array([try generated(element.nullable, field, on: parent)])
        case .named(let name):
            if let selection = field.selection { return try object(nil, selection, position: name) }
            return leaf(name, field, on: parent)
        }
    }

    /// A scalar or enum value of the named type `name` for `field` on `parent`.
    private mutating func leaf(_ name: String, _ field: FieldPlan, on parent: String) -> JSONValue {
        if let type = schema.type(named: name), type.kind == .enumeration, let first = type.enumValues.first {
            return .string(first.name)
        }
        let isKey = name == "ID" || normalization.cacheKeys.fields(of: parent).contains(field.name)
        switch name {
        case "Int" where isKey: return .int(nextSequence(parent))
        case "Int": return .int(42)
        case "Float": return .double(4.2)
        case "Boolean": return .bool(false)
        case "String", "ID": break
        default: if let value = options.scalars[name] { return value }
        }
        if isKey { return .string("<\(parent).\(field.name).\(nextSequence(parent))>") }
        return .string("<\(parent).\(field.name)>")
    }

    private mutating func nextSequence(_ type: String) -> Int {
        let next = (sequences[type] ?? 0) + 1
        sequences[type] = next
        return next
    }

    /// The concrete type of an object at a position of type `position`: the `__typename` the
    /// test set (the ingest checks it), else the position's own type when concrete, else the
    /// chosen or first possible type.
    private func concreteType(given: [(String, JSONValue)], position: String) throws(MockError) -> String {
        if case .string(let typename)? = given.first(where: { $0.0 == "__typename" })?.1 { return typename }
        guard schema.isAbstract(position) else { return position }
        if let chosen = options.concreteTypes[position] { return chosen }
        guard let first = possibleTypes(of: position).sorted().first else {
            throw .noConcreteType(abstract: position, path: pathText(nil))
        }
        return first
    }

    /// The object types that can stand where `type` is: the schema's and the normalization's.
    private func possibleTypes(of type: String) -> Set<String> {
        schema.possibleTypes(type).union(normalization.possibleTypes[type] ?? [])
    }

    /// The walk's path, with `key` after it, as `repository.issues.nodes[0]`.
    private func pathText(_ key: String?) -> String {
        let parts = path + (key.map { [$0] } ?? [])
        guard !parts.isEmpty else { return "data" }
        return parts.reduce("") { text, part in
            part.hasPrefix("[") || text.isEmpty ? text + part : text + "." + part
        }
    }
}
