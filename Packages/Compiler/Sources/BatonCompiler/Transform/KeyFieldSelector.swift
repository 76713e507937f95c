import BatonNormalize

/// Adds to every field's selection set and fragment definition what the store needs to identify and type its objects, as
/// Relay's compiler does: the type's key fields (the configuration's, or `id`) when the set
/// does not select them, and `__typename` on an interface or union. Added fields go last, at
/// the position of the field that opens the set; a document that selects them already is
/// unchanged. Inline fragments and the operation's root are left as written. Runs after validation, on a valid document set.
struct KeyFieldSelector {
    let schema: CompilerSchema

    func apply(to documents: DocumentSet) -> DocumentSet {
        DocumentSet(
            entries: documents.entries.map { entry in
                switch entry.definition {
                case .operation(var operation):
                    let root = schema.schema.rootTypeName(for: operation.kind) ?? "Query"
                    operation.selectionSet = selections(
                        operation.selectionSet, on: root, at: operation.location, augment: false)
                    return DocumentSet.Entry(definition: .operation(operation), source: entry.source)
                case .fragment(var fragment):
                    fragment.selectionSet = selections(
                        fragment.selectionSet, on: fragment.typeCondition, at: fragment.location, augment: true)
                    return DocumentSet.Entry(definition: .fragment(fragment), source: entry.source)
                }
            })
    }

    private func selections(_ selections: [Selection], on typeName: String, at location: SourceLocation, augment: Bool)
        -> [Selection]
    {
        var result = selections.map { selection -> Selection in
            switch selection {
            case .field(var field):
                guard let children = field.selectionSet, let definition = schema.schema.field(field.name, on: typeName)
                else {
                    return selection
                }
                field.selectionSet = self.selections(
                    children, on: definition.type.namedType, at: field.location, augment: true)
                return .field(field)
            case .inlineFragment(var inline):
                inline.selectionSet = self.selections(
                    inline.selectionSet, on: inline.typeCondition ?? typeName, at: inline.location, augment: false)
                return .inlineFragment(inline)
            case .fragmentSpread: return selection
            }
        }
        guard augment else { return result }
        let selected = Set(
            selections.compactMap { if case .field(let field) = $0, field.alias == nil { field.name } else { nil } })
        var wanted = schema.keyFields(of: typeName)
        if schema.schema.isAbstract(typeName) { wanted.append("__typename") }
        for name in wanted where !selected.contains(name) {
            result.append(.field(Field(name: name, location: location)))
        }
        return result
    }
}
