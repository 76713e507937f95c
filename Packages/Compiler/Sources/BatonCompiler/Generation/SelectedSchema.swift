import BatonNormalize

/// The part of the schema the documents read, as SDL the runtime parses back: each composite
/// type a selection is on or reaches with the fields selected on it (a field selected on an
/// interface is on each of its possible types too), the possible types of each abstract type
/// read, and each enum (all its values) and custom scalar a selected field has. Field
/// arguments, descriptions and directives are left out.
///
/// Generated as `selectedSchema` beside the schema table: what the operations' templates do
/// not carry (nullability, enum values, possible types), for a test's mocks and any check of a
/// payload against the schema. A value made for one compile.
struct SelectedSchema {
    let schema: GraphQLSchema
    /// The selected fields of each type written.
    private var fields: [String: Set<String>] = [:]

    init(schema: GraphQLSchema, document: Document) {
        self.schema = schema
        for operation in document.operations {
            if let root = schema.rootTypeName(for: operation.kind) { walk(operation.selectionSet, on: root) }
        }
        for fragment in document.fragments.values { walk(fragment.selectionSet, on: fragment.typeCondition) }
    }

    /// Records `type` (and, for an interface or union, its possible types).
    private mutating func include(_ type: String) {
        guard fields[type] == nil, schema.types[type] != nil else { return }
        fields[type] = []
        if schema.isAbstract(type) {
            for possible in schema.possibleTypes(type).sorted() { include(possible) }
        }
    }

    /// Records `selections` on `type`; a fragment spread is walked where it is defined.
    private mutating func walk(_ selections: [Selection], on type: String) {
        include(type)
        for selection in selections {
            switch selection {
            case .field(let field):
                guard field.name != "__typename", let definition = schema.field(field.name, on: type) else { continue }
                for owner in [type] + schema.possibleTypes(type).filter({ $0 != type }).sorted() {
                    include(owner)
                    fields[owner, default: []].insert(field.name)
                }
                let named = definition.type.namedType
                if let selectionSet = field.selectionSet {
                    walk(selectionSet, on: named)
                } else if let leaf = schema.types[named], leaf.kind == .enumeration || leaf.kind == .scalar,
                    !FieldTemplate.builtInScalars.contains(named)
                {
                    include(named)
                }
            case .inlineFragment(let inline):
                walk(inline.selectionSet, on: inline.typeCondition ?? type)
            case .fragmentSpread:
                continue
            }
        }
    }

    /// The SDL: the root types, then a line per type in name order.
    var sdl: [String] {
        var lines: [String] = []
        let roots = [
            ("query", schema.queryType), ("mutation", schema.mutationType), ("subscription", schema.subscriptionType),
        ]
        .compactMap { kind, name in name.flatMap { fields[$0] != nil ? "\(kind): \($0)" : nil } }
        if !roots.isEmpty { lines.append("schema { \(roots.joined(separator: " ")) }") }
        for name in fields.keys.sorted() {
            guard let type = schema.types[name] else { continue }
            lines.append(line(type))
        }
        return lines
    }

    /// One type's definition on one line.
    private func line(_ type: SchemaType) -> String {
        switch type.kind {
        case .enumeration:
            return "enum \(type.name) { \(type.enumValues.map(\.name).joined(separator: " ")) }"
        case .union:
            let members = type.unionMembers.filter { fields[$0] != nil }
            return "union \(type.name)" + (members.isEmpty ? "" : " = " + members.joined(separator: " | "))
        case .object, .interface:
            let interfaces = type.interfaces.filter { fields[$0] != nil }
            let selected = fields[type.name] ?? []
            let members = type.fields.filter { selected.contains($0.name) }.map { "\($0.name): \($0.type)" }
            return (type.kind == .object ? "type " : "interface ") + type.name
                + (interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & "))
                + (members.isEmpty ? "" : " { \(members.joined(separator: " ")) }")
        default:
            return "scalar \(type.name)"
        }
    }
}
