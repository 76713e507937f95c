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
                        report(
                            .fragmentTypeCondition, "inline fragment on unknown type '\(condition)'",
                            at: inline.location, in: source)
                        continue
                    }
                    guard type.isComposite else {
                        report(
                            .fragmentTypeCondition,
                            "inline fragment on '\(condition)', which is not an object, interface or union",
                            at: inline.location, in: source)
                        continue
                    }
                    if !schema.canApply(typeCondition: condition, to: typeName) {
                        report(
                            .fragmentSpreadPossible,
                            "an inline fragment on '\(condition)' can never apply to '\(typeName)'",
                            at: inline.location, in: source)
                    }
                    target = condition
                }
                checkSelections(inline.selectionSet, on: target, in: source)
            case .fragmentSpread(let spread):
                checkDirectives(spread.directives, at: "FRAGMENT_SPREAD", in: source)
                checkSpreadArguments(spread, in: source)
                // An unknown fragment is the document's rule (`DocumentRules`).
                guard let fragment = documents.document.fragments[spread.name] else { continue }
                if schema.types[fragment.typeCondition]?.isComposite == true,
                    !schema.canApply(typeCondition: fragment.typeCondition, to: typeName)
                {
                    report(
                        .fragmentSpreadPossible,
                        "fragment '\(spread.name)' on '\(fragment.typeCondition)' can never apply to '\(typeName)'",
                        at: spread.location, in: source)
                }
            }
        }
    }

    private mutating func check(_ field: Field, on typeName: String, in source: GraphQLSource) {
        checkDirectives(field.directives, at: "FIELD", in: source)
        guard let definition = schema.field(field.name, on: typeName) else {
            let kind = schema.types[typeName]?.kind
            let hint = kind == .union ? " (a union has only '__typename'; select through an inline fragment)" : ""
            let fields = (schema.types[typeName]?.fields.map(\.name) ?? []) + ["__typename"]
            let suggestions = Suggestions.hint(Suggestions.nearest(to: field.name, among: fields))
            report(
                .fieldExists, "'\(typeName)' has no field '\(field.name)'\(suggestions)\(hint)", at: field.location,
                in: source)
            return
        }
        checkArguments(
            field.arguments, against: definition.arguments, at: field.location, in: source,
            owner: "field '\(typeName).\(field.name)'")
        let named = definition.type.namedType
        let type = schema.types[named]
        if type?.isComposite == true {
            if let children = field.selectionSet {
                checkSelections(children, on: named, in: source)
            } else {
                report(
                    .leafSelections,
                    "field '\(field.responseKey)' of type '\(definition.type)' needs a selection of subfields",
                    at: field.location, in: source)
            }
        } else if field.selectionSet != nil {
            report(
                .leafSelections,
                "field '\(field.responseKey)' of type '\(definition.type)' is a leaf and takes no selection",
                at: field.location, in: source)
        }
        checkClientDirectives(on: field, of: typeName, definition: definition, in: source)
    }

    /// §5.3.2: within a selection set, through its inline fragments and spread fragments,
    /// one response key is one field with one set of arguments wherever the two selections
    /// could meet on one object (the same parent type, or an abstract one). Reported at the
    /// later selection. Arguments naming a fragment's own variables (`@argumentDefinitions`)
    /// are compared once the spreads' values are applied (``checkFragmentArgumentConflicts(of:in:)``).
    mutating func checkMerging(_ selections: [Selection], on typeName: String, in source: GraphQLSource) {
        var seen: [String: (field: Field, parent: String, local: Bool)] = [:]
        var spread: Set<String> = []
        var found: [CompilerError] = []
        let documents = self.documents
        let schema = self.schema
        let within = current.hasPrefix("fragment:") ? documents.document.fragments[String(current.dropFirst(9))] : nil
        func collect(_ selections: [Selection], on parent: String, in source: GraphQLSource, locals: Set<String>) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    let local = field.arguments.contains { !locals.isDisjoint(with: $0.value.variableNames) }
                    guard let first = seen[field.responseKey] else {
                        seen[field.responseKey] = (field, parent, local)
                        continue
                    }
                    let meet =
                        first.parent == parent || schema.types[first.parent]?.kind != .object
                        || schema.types[parent]?.kind != .object
                    guard meet else { continue }
                    if first.field.name != field.name {
                        found.append(
                            source.invalid(
                                .fieldMerging,
                                "'\(field.responseKey)' is both '\(first.field.name)' and '\(field.name)': alias one of them",
                                at: field.location))
                    } else if !first.local && !local,
                        Set(first.field.arguments.map { "\($0.name):\($0.value)" })
                            != Set(field.arguments.map { "\($0.name):\($0.value)" })
                    {
                        found.append(
                            source.invalid(
                                .fieldMerging,
                                "'\(field.responseKey)' is selected with different arguments: alias one of them",
                                at: field.location))
                    }
                case .inlineFragment(let inline):
                    collect(inline.selectionSet, on: inline.typeCondition ?? parent, in: source, locals: locals)
                case .fragmentSpread(let fragmentSpread):
                    guard spread.insert(fragmentSpread.name).inserted,
                        let fragment = documents.document.fragments[fragmentSpread.name],
                        let fragmentSource = documents.source(ofFragment: fragmentSpread.name)
                    else { continue }
                    collect(
                        fragment.selectionSet, on: fragment.typeCondition, in: fragmentSource,
                        locals: Set(fragment.argumentDefinitions.map(\.name)))
                }
            }
        }
        collect(selections, on: typeName, in: source, locals: Set(within?.argumentDefinitions.map(\.name) ?? []))
        errors += found
    }
}
