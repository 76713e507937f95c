import BatonNormalize

extension Validator {
    /// §5.3 and §5.5.2: the fields, inline fragments and spreads of a selection set on
    /// `typeName`, recursively.
    mutating func checkSelections(_ selections: [Selection], on typeName: String, in source: GraphQLSource) {
        checkMerging(selections, on: typeName, in: source)
        for selection in selections {
            switch selection {
            case .field(let field): check(field, on: typeName, in: source)
            case .inlineFragment(let inline):
                checkDirectives(inline.directives, at: "INLINE_FRAGMENT", in: source)
                var target = typeName
                if let condition = inline.typeCondition {
                    guard let type = schema.types[condition] else {
                        report(.fragmentTypeCondition, "inline fragment on unknown type '\(condition)'", at: inline.location, in: source)
                        continue
                    }
                    guard type.isComposite else {
                        report(.fragmentTypeCondition, "inline fragment on '\(condition)', which is not an object, interface or union", at: inline.location, in: source)
                        continue
                    }
                    if !schema.canApply(typeCondition: condition, to: typeName) {
                        report(.fragmentSpreadPossible, "an inline fragment on '\(condition)' can never apply to '\(typeName)'", at: inline.location, in: source)
                    }
                    target = condition
                }
                checkSelections(inline.selectionSet, on: target, in: source)
            case .fragmentSpread(let spread):
                checkDirectives(spread.directives, at: "FRAGMENT_SPREAD", in: source)
                guard let fragment = documents.document.fragments[spread.name] else {
                    report(.fragmentSpreadTarget, "unknown fragment '\(spread.name)'", at: spread.location, in: source)
                    continue
                }
                if schema.types[fragment.typeCondition]?.isComposite == true,
                    !schema.canApply(typeCondition: fragment.typeCondition, to: typeName)
                {
                    report(.fragmentSpreadPossible, "fragment '\(spread.name)' on '\(fragment.typeCondition)' can never apply to '\(typeName)'", at: spread.location, in: source)
                }
            }
        }
    }

    private mutating func check(_ field: Field, on typeName: String, in source: GraphQLSource) {
        checkDirectives(field.directives, at: "FIELD", in: source)
        guard let definition = schema.field(field.name, on: typeName) else {
            let kind = schema.types[typeName]?.kind
            let hint = kind == .union ? " (a union has only '__typename'; select through an inline fragment)" : ""
            report(.fieldExists, "'\(typeName)' has no field '\(field.name)'\(hint)", at: field.location, in: source)
            return
        }
        checkArguments(field.arguments, against: definition.arguments, at: field.location, in: source, owner: "field '\(typeName).\(field.name)'")
        let named = definition.type.namedType
        let type = schema.types[named]
        if type?.isComposite == true {
            if let children = field.selectionSet {
                checkSelections(children, on: named, in: source)
            } else {
                report(.leafSelections, "field '\(field.responseKey)' of type '\(definition.type)' needs a selection of subfields", at: field.location, in: source)
            }
        } else if field.selectionSet != nil {
            report(.leafSelections, "field '\(field.responseKey)' of type '\(definition.type)' is a leaf and takes no selection", at: field.location, in: source)
        }
        checkClientDirectives(on: field, definition: definition, in: source)
    }

    /// §5.3.2, for what generation needs: within a selection set (and the inline fragments on
    /// the same type), one response key is one field with one set of arguments.
    private mutating func checkMerging(_ selections: [Selection], on typeName: String, in source: GraphQLSource) {
        var seen: [String: Field] = [:]
        func collect(_ selections: [Selection], validator: inout Validator) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    guard let first = seen[field.responseKey] else {
                        seen[field.responseKey] = field
                        continue
                    }
                    if first.name != field.name {
                        validator.report(.fieldMerging, "'\(field.responseKey)' is both '\(first.name)' and '\(field.name)': alias one of them", at: field.location, in: source)
                    } else if Set(first.arguments.map { "\($0.name):\($0.value)" }) != Set(field.arguments.map { "\($0.name):\($0.value)" }) {
                        validator.report(.fieldMerging, "'\(field.responseKey)' is selected with different arguments: alias one of them", at: field.location, in: source)
                    }
                case .inlineFragment(let inline):
                    if inline.typeCondition == nil || inline.typeCondition == typeName { collect(inline.selectionSet, validator: &validator) }
                case .fragmentSpread: continue
                }
            }
        }
        collect(selections, validator: &self)
    }
}
