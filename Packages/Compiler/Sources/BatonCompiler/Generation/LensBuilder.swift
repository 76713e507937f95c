import BatonNormalize

/// Builds the ``LensModel`` of a selection set on a type: fields merged by response key,
/// inline fragments that apply to every value flattened in, named spreads as accessors, and,
/// on an abstract type with narrower inline fragments, a case per concrete type they select.
struct LensBuilder {
    let schema: GraphQLSchema
    let types: TypeMapper
    let document: Document
    /// Swift names of the fragments' lenses, by fragment name.
    let fragmentTypes: [String: String]
    /// Top-level names no nested type may shadow.
    let globalNames: Set<String>

    /// Selections and whether a response may leave them out (they sit under `@include`,
    /// `@skip` or `@defer`).
    typealias Group = (selections: [Selection], conditional: Bool)

    /// One response key's merged field: present in every response unless each of its
    /// occurrences is conditional.
    private struct Merged {
        var field: Field
        var children: [Group]
        var conditional: Bool
    }

    /// The lens named `typeName` over `selections` on `typeCondition`. A case lens (`inherited`
    /// non-empty) leaves out the fields its abstract parent declares: they are read there.
    func build(_ typeName: String, on typeCondition: String, selections: [Selection], inherited: Set<String> = [])
        -> LensModel
    {
        build(typeName, on: typeCondition, groups: [(selections, false)], inherited: inherited)
    }

    private func build(_ typeName: String, on typeCondition: String, groups: [Group], inherited: Set<String>)
        -> LensModel
    {
        var model = LensModel(typeName: typeName, typeCondition: typeCondition)
        var members = NameScope(reserved: SwiftNames.lensMembers)
        var nested = NameScope(reserved: globalNames.union(SwiftNames.reservedTypes))
        var fields: [Merged] = []
        var spreads: [FragmentSpread] = []
        var narrower: [InlineFragment] = []
        for group in groups {
            collect(
                group.selections, on: typeCondition, conditional: group.conditional, fields: &fields, spreads: &spreads,
                narrower: &narrower)
        }

        for merged in fields where !inherited.contains(merged.field.responseKey) {
            let field = merged.field
            guard let definition = schema.field(field.name, on: typeCondition) else { continue }
            let property = members.claim(SwiftNames.camel(field.responseKey))
            var levels = TypeMapper.semanticLevels(of: definition)
            var required: String?
            if let directive = field.directives.first(where: { $0.name == "required" }),
                case .enumValue(let action)? = directive.argument("action")
            {
                required = "." + action.lowercased()
                levels.insert(0)
                if action != "THROW" { model.bubbles = true }
            }
            let named = definition.type.namedType
            let arguments = !field.arguments.isEmpty || field.directives.contains { $0.name == "connection" }
            let alias = field.alias.flatMap { $0 == field.name ? nil : $0 }
            if schema.types[named]?.isComposite == true {
                var childName = nested.claim(SwiftNames.pascal(field.responseKey))
                // `let Thing = Linked<Thing?>` would name the property, not the type.
                if childName == property { childName = nested.claim(childName) }
                // A lone occurrence's selections are there whenever the field is.
                let groups =
                    merged.children.count == 1 ? merged.children.map { ($0.selections, false) } : merged.children
                let child = build(childName, on: named, groups: groups, inherited: [])
                // `author { ...AuthorDetails }` links to the fragment's lens itself.
                let target = fragmentLens(standingFor: child, selections: groups.flatMap(\.selections)) ?? child
                let swiftType = TypeMapper.render(
                    definition.type, base: target.typeName, nonNullLevels: levels, optionalInner: target.bubbles,
                    optionalOuter: merged.conditional)
                model.fields.append(
                    .init(
                        property: property, descriptor: "Linked", swiftType: swiftType, name: field.name, alias: alias,
                        arguments: arguments,
                        required: required, conditional: merged.conditional))
                if target.typeName == child.typeName { model.children.append(child) } else { nested.release(childName) }
            } else {
                let caught = field.directives.contains { $0.name == "catch" }
                let swiftType = TypeMapper.render(
                    definition.type, base: types.leaf(named), nonNullLevels: levels, optionalOuter: merged.conditional)
                model.fields.append(
                    .init(
                        property: property, descriptor: caught ? "Caught" : "Scalar", swiftType: swiftType,
                        name: field.name, alias: alias,
                        arguments: arguments, required: required, conditional: merged.conditional, leafType: named))
            }
        }

        var spreadNames: Set<String> = []
        for spread in spreads where spreadNames.insert(spread.name).inserted {
            guard let fragment = document.fragments[spread.name], let lens = fragmentTypes[spread.name] else {
                continue
            }
            let always = covers(typeCondition, with: fragment.typeCondition)
            let only =
                always
                ? nil
                : schema.possibleTypes(fragment.typeCondition).intersection(schema.possibleTypes(typeCondition))
                    .sorted()
            if only?.isEmpty == true { continue }
            var property = members.claim(SwiftNames.lowerFirst(lens))
            if property == lens { property = members.claim(property) }
            model.spreads.append(.init(property: property, fragmentType: lens, onlyFor: only))
        }

        if schema.isAbstract(typeCondition), !narrower.isEmpty {
            var caseNames = NameScope(reserved: ["other", "unknown"])
            for concrete in schema.possibleTypes(typeCondition).sorted()
            where narrower.contains(where: {
                schema.canApply(typeCondition: $0.typeCondition ?? typeCondition, to: concrete)
            }) {
                let lensType = nested.claim("As" + SwiftNames.pascal(concrete))
                let common = Set(fields.map(\.field.responseKey))
                model.children.append(build(lensType, on: concrete, groups: groups, inherited: common))
                model.cases.append(
                    .init(
                        caseName: caseNames.claim(SwiftNames.lowerFirst(concrete)),
                        descriptorName: members.claim(SwiftNames.lowerFirst(lensType)), typeName: concrete,
                        lensType: lensType))
            }
            if !model.cases.isEmpty {
                model.onType = nested.claim("On")
                model.onProperty = members.claim("on")
            }
        }
        return model
    }

    /// The lens of the fragment `child` only spreads, when `child` selects nothing else: one
    /// spread of a fragment on exactly its type, without directives, beside no field the
    /// fragment's lens lacks (the key fields and `__typename` the compiler adds to both).
    private func fragmentLens(standingFor child: LensModel, selections: [Selection]) -> LensModel? {
        guard child.spreads.count == 1, child.cases.isEmpty, child.children.isEmpty, child.spreads[0].onlyFor == nil,
            let spread = selections.lazy.compactMap({ if case .fragmentSpread(let spread) = $0 { spread } else { nil } }
            ).first,
            spread.directives.isEmpty, let fragment = document.fragments[spread.name],
            fragment.typeCondition == child.typeCondition, let lensName = fragmentTypes[spread.name],
            lensName == child.spreads[0].fragmentType
        else { return nil }
        let lens = build(lensName, on: fragment.typeCondition, selections: fragment.selectionSet)
        let own = Set(lens.fields.map { "\($0.name) \($0.alias ?? "")" })
        guard child.fields.allSatisfy({ own.contains("\($0.name) \($0.alias ?? "")") && !$0.conditional }) else {
            return nil
        }
        return lens
    }

    /// Whether every value of `typeName` is a value of `condition`.
    private func covers(_ typeName: String, with condition: String) -> Bool {
        schema.possibleTypes(typeName).isSubset(of: schema.possibleTypes(condition))
    }

    /// Whether `directives` may leave their selection out of a response: `@include`, `@skip`
    /// or `@defer` with anything but the literal that keeps it.
    static func mayOmit(_ directives: [Directive]) -> Bool {
        directives.contains { directive in
            let condition = directive.argument("if")
            switch directive.name {
            case "include": return condition != .boolean(true)
            case "skip": return condition != .boolean(false)
            case "defer": return condition != .boolean(false)
            default: return false
            }
        }
    }

    private func collect(
        _ selections: [Selection], on typeName: String, conditional: Bool, fields: inout [Merged],
        spreads: inout [FragmentSpread], narrower: inout [InlineFragment]
    ) {
        for selection in selections {
            switch selection {
            case .field(let field):
                let omittable = conditional || Self.mayOmit(field.directives)
                let children: Group = (field.selectionSet ?? [], omittable)
                if let index = fields.firstIndex(where: { $0.field.responseKey == field.responseKey }) {
                    fields[index].children.append(children)
                    fields[index].conditional = fields[index].conditional && omittable
                    fields[index].field.directives += field.directives.filter { directive in
                        !fields[index].field.directives.contains { $0.name == directive.name }
                    }
                } else {
                    fields.append(Merged(field: field, children: [children], conditional: omittable))
                }
            case .inlineFragment(let inline):
                if schema.isSubtype(typeName, of: inline.typeCondition ?? typeName) {
                    collect(
                        inline.selectionSet, on: typeName, conditional: conditional || Self.mayOmit(inline.directives),
                        fields: &fields, spreads: &spreads, narrower: &narrower)
                } else {
                    narrower.append(inline)
                }
            case .fragmentSpread(let spread):
                spreads.append(spread)
            }
        }
    }
}
