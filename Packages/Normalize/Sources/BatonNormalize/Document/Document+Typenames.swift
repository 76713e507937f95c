extension Document {
    /// This document with `__typename` selected in each field's selection set whose type
    /// `schema` does not fix, and `operation` (one of its operations) as it is in the result.
    ///
    /// A plan reads an object's type from the response wherever the schema cannot tell it: at
    /// every object below the root without a schema, and with one at an interface, a union,
    /// or a type it does not know (`TemplateBuilder`). A document planned at run time is sent
    /// with those `__typename`s, as `baton-compile` adds them to the documents it compiles
    /// (`KeyFieldSelector`), so a document written by hand need not spell them out. A set that
    /// selects `__typename` already, unaliased and without directives, is left as written;
    /// the operation's own selection set (the root, whose type the plan knows) and inline
    /// fragments' and fragment definitions' sets (part of the set they are spread in) too.
    func selectingTypenames(for operation: OperationDefinition, schema: GraphQLSchema?)
        -> (operation: OperationDefinition, document: Document)
    {
        let selector = TypenameSelector(schema: schema)
        var selected = operation
        let definitions = definitions.map { definition -> Definition in
            switch definition {
            case .operation(var each):
                let isTheOperation = each == operation
                each.selectionSet = selector.selections(
                    each.selectionSet, on: schema?.rootTypeName(for: each.kind), selectsTypename: false)
                if isTheOperation { selected = each }
                return .operation(each)
            case .fragment(var fragment):
                fragment.selectionSet = selector.selections(
                    fragment.selectionSet, on: fragment.typeCondition, selectsTypename: false)
                return .fragment(fragment)
            }
        }
        return (selected, Document(definitions: definitions))
    }
}

/// Adds `__typename` to the selection sets whose type a schema does not fix (see
/// `Document.selectingTypenames(for:schema:)`). A value used on one thread.
private struct TypenameSelector {
    let schema: GraphQLSchema?

    /// `selections`, made on an object of `type` (nil: not known), with their fields' sets
    /// walked, and `__typename` added when `selectsTypename` and they lack it.
    func selections(_ selections: [Selection], on type: String?, selectsTypename: Bool) -> [Selection] {
        var result = selections.map { selection -> Selection in
            switch selection {
            case .field(var field):
                guard let children = field.selectionSet else { return selection }
                let childType = type.flatMap { schema?.field(field.name, on: $0)?.type.namedType }
                field.selectionSet = self.selections(children, on: childType, selectsTypename: !fixes(childType))
                return .field(field)
            case .inlineFragment(var inline):
                inline.selectionSet = self.selections(
                    inline.selectionSet, on: inline.typeCondition ?? type, selectsTypename: false)
                return .inlineFragment(inline)
            case .fragmentSpread:
                return selection
            }
        }
        let selected = selections.contains {
            guard case .field(let field) = $0 else { return false }
            return field.name == "__typename" && field.alias == nil && field.directives.isEmpty
        }
        if selectsTypename && !selected, let location = selections.first?.location {
            result.append(.field(Field(name: "__typename", location: location)))
        }
        return result
    }

    /// Whether the schema fixes the type of an object at a position of type `type`: it knows
    /// the type, and it is an object type.
    private func fixes(_ type: String?) -> Bool {
        guard let schema, let type, schema.type(named: type) != nil else { return false }
        return !schema.isAbstract(type)
    }
}
