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

    /// A lens being built: the model so far and the names its members and nested types took.
    private struct Draft {
        var model: LensModel
        /// The lens's properties (field and spread accessors, case descriptors, `on`).
        var members = NameScope(reserved: SwiftNames.lensMembers)
        /// The types nested in the lens (child lenses, case lenses, `On`).
        var nested: NameScope
    }

    private func build(_ typeName: String, on typeCondition: String, groups: [Group], inherited: Set<String>)
        -> LensModel
    {
        var draft = Draft(
            model: LensModel(typeName: typeName, typeCondition: typeCondition),
            nested: NameScope(reserved: globalNames.union(SwiftNames.reservedTypes)))
        var fields: [Merged] = []
        var spreads: [FragmentSpread] = []
        var narrower: [InlineFragment] = []
        for group in groups {
            collect(
                group.selections, on: typeCondition, conditional: group.conditional, fields: &fields, spreads: &spreads,
                narrower: &narrower)
        }
        for merged in fields where !inherited.contains(merged.field.responseKey) {
            addField(merged, on: typeCondition, to: &draft)
        }
        addSpreads(spreads, on: typeCondition, to: &draft)
        if schema.isAbstract(typeCondition), !narrower.isEmpty {
            addCases(
                narrowing: narrower, on: typeCondition, groups: groups,
                common: Set(fields.map(\.field.responseKey)), to: &draft)
        }
        return draft.model
    }

    /// The descriptor of one merged field: `Linked` with its child lens (or the fragment's lens
    /// it only spreads), `Scalar` or `Caught`.
    private func addField(_ merged: Merged, on typeCondition: String, to draft: inout Draft) {
        let field = merged.field
        guard let definition = schema.field(field.name, on: typeCondition) else { return }
        let property = draft.members.claim(SwiftNames.camel(field.responseKey))
        var levels = TypeMapper.semanticLevels(of: definition)
        var required: String?
        if let directive = field.directives.first(where: { $0.name == "required" }),
            case .enumValue(let action)? = directive.argument("action")
        {
            required = "." + action.lowercased()
            levels.insert(0)
            if action != "THROW" { draft.model.bubbles = true }
        }
        let named = definition.type.namedType
        // A client-only field reads as nil until the app writes it, whatever its type says.
        let conditional = merged.conditional || definition.isClientOnly
        let arguments =
            !field.arguments.isEmpty
            || field.directives.contains { ["connection", "pageList", "offsetList"].contains($0.name) }
        let alias = field.alias.flatMap { $0 == field.name ? nil : $0 }
        guard schema.types[named]?.isComposite == true else {
            let caught = field.directives.contains { $0.name == "catch" }
            let swiftType = TypeMapper.render(
                definition.type, base: types.leaf(named), nonNullLevels: levels, optionalOuter: conditional)
            draft.model.fields.append(
                .init(
                    property: property, descriptor: caught ? "Caught" : "Scalar", swiftType: swiftType,
                    name: field.name, alias: alias,
                    arguments: arguments, required: required, conditional: conditional, leafType: named))
            return
        }
        var childName = draft.nested.claim(SwiftNames.pascal(field.responseKey))
        // `let Thing = Linked<Thing?>` would name the property, not the type.
        if childName == property { childName = draft.nested.claim(childName) }
        // A lone occurrence's selections are there whenever the field is.
        let groups = merged.children.count == 1 ? merged.children.map { ($0.selections, false) } : merged.children
        let child = build(childName, on: named, groups: groups, inherited: [])
        // `author { ...AuthorDetails }` links to the fragment's lens itself.
        let target = fragmentLens(standingFor: child, selections: groups.flatMap(\.selections)) ?? child
        let swiftType = TypeMapper.render(
            definition.type, base: target.typeName, nonNullLevels: levels, optionalInner: target.bubbles,
            optionalOuter: conditional)
        draft.model.fields.append(
            .init(
                property: property, descriptor: "Linked", swiftType: swiftType, name: field.name, alias: alias,
                arguments: arguments,
                required: required, conditional: conditional))
        if target.typeName == child.typeName {
            draft.model.children.append(child)
        } else {
            draft.nested.release(childName)
        }
    }

    /// An accessor per fragment spread (once per name), limited to the concrete types it
    /// applies to when it does not apply to every value of `typeCondition`.
    private func addSpreads(_ spreads: [FragmentSpread], on typeCondition: String, to draft: inout Draft) {
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
            var property = draft.members.claim(SwiftNames.lowerFirst(lens))
            if property == lens { property = draft.members.claim(property) }
            draft.model.spreads.append(.init(property: property, fragmentType: lens, onlyFor: only))
        }
    }

    /// On the abstract `typeCondition`, a case lens per concrete type one of the `narrower`
    /// inline fragments applies to, over all of `groups` less the `common` fields the lens
    /// reads itself, and the `On` enum that holds them.
    private func addCases(
        narrowing narrower: [InlineFragment], on typeCondition: String, groups: [Group], common: Set<String>,
        to draft: inout Draft
    ) {
        var caseNames = NameScope(reserved: ["other", "unknown"])
        for concrete in schema.possibleTypes(typeCondition).sorted()
        where narrower.contains(where: {
            schema.canApply(typeCondition: $0.typeCondition ?? typeCondition, to: concrete)
        }) {
            let lensType = draft.nested.claim("As" + SwiftNames.pascal(concrete))
            draft.model.children.append(build(lensType, on: concrete, groups: groups, inherited: common))
            draft.model.cases.append(
                .init(
                    caseName: caseNames.claim(SwiftNames.lowerFirst(concrete)),
                    descriptorName: draft.members.claim(SwiftNames.lowerFirst(lensType)), typeName: concrete,
                    lensType: lensType))
        }
        if !draft.model.cases.isEmpty {
            draft.model.onType = draft.nested.claim("On")
            draft.model.onProperty = draft.members.claim("on")
        }
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
