extension Document {
    /// This document with `__typename` selected in each field's selection set whose type
    /// `normalization`'s schema does not fix (`Normalization.fixesType(at:)`), and `operation`
    /// (one of its operations) as it is in the result; the document itself when none lacks it.
    ///
    /// A plan reads an object's type from the response wherever the schema cannot tell it: at
    /// every object below the root without a schema, and with one at an interface, a union,
    /// or a type it does not know (`TemplateBuilder`). A document planned at run time is sent
    /// with those `__typename`s, as `baton-compile` adds them to the documents it compiles
    /// (`KeyFieldSelector`), so a document written by hand need not spell them out. A set that
    /// selects `__typename` already, unaliased and without directives, is left as written;
    /// the operation's own selection set (the root, whose type the plan knows) and inline
    /// fragments' and fragment definitions' sets (part of the set they are spread in) too.
    func selectingTypenames(for operation: OperationDefinition, normalization: Normalization)
        -> (operation: OperationDefinition, document: Document)
    {
        let selector = TypenameSelector(normalization: normalization)
        let schema = normalization.schema
        var selected = operation
        var definitions = definitions
        var changed = false
        for index in definitions.indices {
            switch definitions[index] {
            case .operation(var each):
                guard
                    let selections = selector.selections(
                        each.selectionSet, on: schema?.rootTypeName(for: each.kind), selectsTypename: false)
                else { continue }
                // The operation itself, told by its name and where it starts (a valid document
                // names each of several operations once).
                let isTheOperation = each.name == operation.name && each.location == operation.location
                each.selectionSet = selections
                if isTheOperation { selected = each }
                definitions[index] = .operation(each)
                changed = true
            case .fragment(var fragment):
                guard
                    let selections = selector.selections(
                        fragment.selectionSet, on: fragment.typeCondition, selectsTypename: false)
                else { continue }
                fragment.selectionSet = selections
                definitions[index] = .fragment(fragment)
                changed = true
            }
        }
        return changed ? (selected, Document(definitions: definitions)) : (operation, self)
    }
}

/// Adds `__typename` to the selection sets whose type a schema does not fix (see
/// `Document.selectingTypenames(for:normalization:)`). A value used on one thread.
private struct TypenameSelector {
    let normalization: Normalization

    /// `selections`, made on an object of `type` (nil: not known), with their fields' sets
    /// walked, and `__typename` added when `selectsTypename` and they lack it; nil when
    /// nothing in them changes (no set is copied then).
    func selections(_ selections: [Selection], on type: String?, selectsTypename: Bool) -> [Selection]? {
        var result: [Selection]?
        for index in selections.indices {
            let changed: Selection
            switch selections[index] {
            case .field(var field):
                guard let children = field.selectionSet else { continue }
                let childType = type.flatMap { normalization.schema?.field(field.name, on: $0)?.type.namedType }
                guard
                    let walked = self.selections(
                        children, on: childType, selectsTypename: !normalization.fixesType(at: childType))
                else { continue }
                field.selectionSet = walked
                changed = .field(field)
            case .inlineFragment(var inline):
                guard
                    let walked = self.selections(
                        inline.selectionSet, on: inline.typeCondition ?? type, selectsTypename: false)
                else { continue }
                inline.selectionSet = walked
                changed = .inlineFragment(inline)
            case .fragmentSpread:
                continue
            }
            if result == nil { result = selections }
            result![index] = changed
        }
        guard selectsTypename, let location = selections.first?.location else { return result }
        let selected = selections.contains {
            guard case .field(let field) = $0 else { return false }
            return field.name == "__typename" && field.alias == nil && field.directives.isEmpty
        }
        if selected { return result }
        return (result ?? selections) + [.field(Field(name: "__typename", location: location))]
    }
}
