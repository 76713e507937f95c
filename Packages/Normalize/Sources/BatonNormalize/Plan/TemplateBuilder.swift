import BatonRecords

/// Builds the selection templates of one operation: fields merged by response key,
/// resolved against the schema and per concrete type, with `@include`/`@skip` and `@defer`
/// on variables kept as conditions for planning under variables.
struct TemplateBuilder {
    let document: Document
    let normalization: Normalization
    /// Whether a set the plan types by its `__typename` does not select it: the text sent
    /// must then select it (`Document.selectingTypenames(for:normalization:)`).
    private(set) var addedTypename = false
    /// The template of each merged field built so far, by what it is built from: a merged
    /// field is resolved once for the common fields and once for each type and set of
    /// discriminators its parent's set is resolved for, and most are the same group of
    /// fields each time; without this, each level of type conditions multiplied the work
    /// of every level below it (a fuzzed document of 3.5 KB planned in seconds).
    private var fieldTemplates: [FieldKey: FieldTemplate] = [:]

    init(document: Document, normalization: Normalization) {
        self.document = document
        self.normalization = normalization
    }

    /// One AST field, where it occurs (the conditions and deferrals around it), and the type
    /// it is selected on: the type condition of the fragment around it, or the position's
    /// static type.
    private typealias Entry = (field: Field, occurrence: PlanOccurrence, scope: String?)

    /// What a merged field's template is made from: its fields with where each occurs, and
    /// its definition's type (the parent type matters only through it). A template is a pure
    /// function of these, the document and the normalization.
    ///
    /// Equality is the fields' whole values, which is quick where it matters: the fields of
    /// one merged field resolved again are copies sharing their arrays, and arrays sharing
    /// storage compare equal at once. The hash takes each field's place and name alone, as
    /// hashing whole fields would walk every subtree on every look-up.
    private struct FieldKey: Hashable {
        let fields: [Field]
        let occurrences: [PlanOccurrence]
        let scopes: [String?]
        let type: TypeReference?
        let clientOnly: Bool

        func hash(into hasher: inout Hasher) {
            for field in fields {
                hasher.combine(field.location)
                hasher.combine(field.name)
            }
            hasher.combine(occurrences)
            hasher.combine(scopes)
            hasher.combine(type)
        }
    }

    /// The template of the selection sets `sets` (each with the occurrence around it), made
    /// for an object of `staticType`.
    mutating func selection(
        of sets: [([Selection], PlanOccurrence)], staticType: String?, isRoot: Bool
    ) throws(PlanError) -> SelectionTemplate {
        let needsTypename = !isRoot && !normalization.fixesType(at: staticType)
        let knownAbstract =
            staticType.map {
                normalization.schema?.isAbstract($0) == true || normalization.possibleTypes[$0] != nil
            } ?? false

        if !needsTypename {
            let common = try resolved(sets, for: staticType, staticType: staticType, addTypename: false, once: true)
            return SelectionTemplate(staticType, abstract: knownAbstract, common)
        }
        var candidates = Set<String>()
        var discriminated = Set<String>()
        if let staticType { candidates.formUnion(normalization.concreteTypes(of: staticType)) }
        for (selections, _) in sets { collectConditions(selections, into: &candidates, discriminated: &discriminated) }
        for condition in Array(candidates) {
            candidates.formUnion(normalization.possibleTypes[condition] ?? [])
        }
        // An object of a type the plan does not know gets a fragment on an abstract type
        // when it answers that type's discriminator, as Relay has it: one entry per set of
        // discriminators answered.
        // A type every possible type already is needs no discriminator.
        let types = Array(
            discriminated.filter { !normalization.alwaysApplies($0, under: staticType) }.sorted()
                .prefix(SelectionPlan.discriminatorLimit))
        let once = candidates.isEmpty && types.isEmpty
        let common = try resolved(sets, for: nil, staticType: staticType, addTypename: true, once: once)
        var byType: [String: [FieldTemplate]] = [:]
        for typename in candidates.sorted() {
            byType[typename] = try resolved(sets, for: typename, staticType: staticType, addTypename: true, once: once)
        }
        if !types.isEmpty {
            for mask in 1..<(1 << types.count) {
                let answered = types.indices.filter { mask & (1 << $0) != 0 }.map { types[$0] }
                byType[SelectionPlan.unknownTypeKey(answering: answered)] = try resolved(
                    sets, for: nil, staticType: staticType, addTypename: true, once: once, answering: Set(answered))
            }
        }
        return SelectionTemplate(staticType, needsTypename: true, abstract: knownAbstract, common, byType: byType)
    }

    /// The merged fields of `sets` for an object of concrete type `typename` (nil: a type
    /// no conditional fragment names, which answers the discriminators of `answering`).
    /// `once`: the sets are resolved for nothing else, so no field of theirs is built twice.
    private mutating func resolved(
        _ sets: [([Selection], PlanOccurrence)], for typename: String?, staticType: String?, addTypename: Bool,
        once: Bool, answering: Set<String> = []
    ) throws(PlanError) -> [FieldTemplate] {
        var order: [String] = []
        var groups: [String: [Entry]] = [:]
        let context = Resolution(typename: typename, staticType: staticType, answering: answering)
        for (selections, occurrence) in sets {
            try collect(
                selections, occurrence: occurrence, scope: staticType, context,
                order: &order, groups: &groups)
        }
        if addTypename && groups["__typename"]?.contains(where: { $0.occurrence.conditions.isEmpty }) != true {
            addedTypename = true
            if groups["__typename"] == nil { order.append("__typename") }
            groups["__typename", default: []].append(
                (Field(name: "__typename", location: SourceLocation(line: 0, column: 0)), .always, staticType))
        }
        var fields: [FieldTemplate] = []
        fields.reserveCapacity(order.count)
        for responseKey in order {
            fields.append(try field(groups[responseKey]!, parentType: typename ?? staticType, once: once))
        }
        return fields
    }

    /// What a selection is resolved for: a concrete type, or (nil) a type no conditional
    /// fragment names, which may answer the discriminators of some abstract types.
    private struct Resolution {
        let typename: String?
        let staticType: String?
        let answering: Set<String>
    }

    private mutating func collect(
        _ selections: [Selection], occurrence: PlanOccurrence, scope: String?, _ context: Resolution,
        order: inout [String], groups: inout [String: [Entry]]
    ) throws(PlanError) {
        for selection in selections {
            guard let conditions = try inclusion(selection.directives, within: occurrence.conditions) else { continue }
            let here = PlanOccurrence(when: conditions, deferred: occurrence.deferrals)
            switch selection {
            case .field(let field):
                if groups[field.responseKey] == nil {
                    order.append(field.responseKey)
                    groups[field.responseKey] = []
                }
                groups[field.responseKey]!.append((field, here, scope))
            case .inlineFragment(let fragment):
                guard applies(fragment.typeCondition, context) else { continue }
                try collect(
                    fragment.selectionSet, occurrence: try deferred(here, by: fragment.directives, fallback: "inline"),
                    scope: fragment.typeCondition ?? scope, context, order: &order, groups: &groups)
            case .fragmentSpread(let spread):
                guard let fragment = document.fragments[spread.name] else {
                    throw .invalidDocument(.unknownFragment(name: spread.name, location: spread.location))
                }
                guard applies(fragment.typeCondition, context) else { continue }
                try collect(
                    fragment.selectionSet, occurrence: try deferred(here, by: spread.directives, fallback: spread.name),
                    scope: fragment.typeCondition, context, order: &order, groups: &groups)
            }
        }
    }

    private func applies(_ condition: String?, _ context: Resolution) -> Bool {
        guard let condition else { return true }
        if let typename = context.typename { return normalization.applies(condition, to: typename) }
        return context.answering.contains(condition)
            || normalization.alwaysApplies(condition, under: context.staticType)
    }

    /// Adds the type conditions of the fragments in `selections` to `conditions`, and to
    /// `discriminated` those whose fragment selects the type's discriminator: `__typename`
    /// under the alias `__is` + the type (`... on Named { __isNamed: __typename }`).
    private func collectConditions(
        _ selections: [Selection], into conditions: inout Set<String>, discriminated: inout Set<String>
    ) {
        var visited = Set<String>()
        func walk(_ selections: [Selection]) {
            for selection in selections {
                let condition: String
                let inner: [Selection]
                switch selection {
                case .field: continue
                case .inlineFragment(let fragment):
                    guard let typeCondition = fragment.typeCondition else {
                        walk(fragment.selectionSet)
                        continue
                    }
                    (condition, inner) = (typeCondition, fragment.selectionSet)
                case .fragmentSpread(let spread):
                    guard let fragment = document.fragments[spread.name], visited.insert(spread.name).inserted else {
                        continue
                    }
                    (condition, inner) = (fragment.typeCondition, fragment.selectionSet)
                }
                conditions.insert(condition)
                let discriminator = SelectionPlan.discriminator(of: condition)
                if inner.contains(where: {
                    if case .field(let field) = $0 {
                        field.name == "__typename" && field.responseKey == discriminator
                    } else {
                        false
                    }
                }) {
                    discriminated.insert(condition)
                }
                walk(inner)
            }
        }
        walk(selections)
    }

    /// The template of the merged field `entries`, built once for each distinct
    /// ``FieldKey`` unless the caller builds it `once`.
    private mutating func field(_ entries: [Entry], parentType: String?, once: Bool) throws(PlanError)
        -> FieldTemplate
    {
        let first = entries[0].field
        var type: TypeReference?
        var clientOnly = false
        if let schema = normalization.schema, let parentType, schema.type(named: parentType) != nil {
            // An abstract parent may not define the field: it is then the field of the type
            // condition it was selected under (`... on Node { id }` in a union's common fields,
            // `... on Character { status }` merged into the plan for an interface).
            let definingTypes = [parentType] + entries.compactMap(\.scope)
            guard let definition = definingTypes.lazy.compactMap({ schema.field(first.name, on: $0) }).first else {
                throw .unknownField(first.name, type: parentType, location: first.location)
            }
            type = definition.type
            clientOnly = definition.isClientOnly
        }
        if once { return try newField(entries, type: type, clientOnly: clientOnly) }
        let key = FieldKey(
            fields: entries.map(\.field), occurrences: entries.map(\.occurrence), scopes: entries.map(\.scope),
            type: type, clientOnly: clientOnly)
        if let built = fieldTemplates[key] { return built }
        let template = try newField(entries, type: type, clientOnly: clientOnly)
        fieldTemplates[key] = template
        return template
    }

    /// The template of the merged field `entries`, whose definition in the schema (if any)
    /// gives it `type`.
    private mutating func newField(_ entries: [Entry], type: TypeReference?, clientOnly: Bool) throws(PlanError)
        -> FieldTemplate
    {
        let first = entries[0].field
        let typeName = type?.namedType
        let childSets = entries.compactMap { entry in entry.field.selectionSet.map { ($0, entry.occurrence) } }
        let child: SelectionTemplate? =
            childSets.isEmpty
            ? nil : try selection(of: childSets, staticType: typeName, isRoot: false)

        let directives = entries.flatMap { $0.field.directives }
        var occurrences: [PlanOccurrence] = []
        for entry in entries where !occurrences.contains(entry.occurrence) { occurrences.append(entry.occurrence) }
        let writtenArguments = first.arguments.map { (name: $0.name, value: $0.value) }
        var connectionTemplate = try connection(directives, arguments: writtenArguments)
        if connectionTemplate == nil {
            connectionTemplate = try pageList(directives, field: first.name, arguments: writtenArguments)
        }
        return FieldTemplate(
            first.responseKey, name: first.name, arguments: first.arguments.map { ($0.name, $0.value) },
            type: type?.description,
            plainLeaf: typeName.map {
                FieldTemplate.builtInScalars.contains($0) || normalization.schema?.type(named: $0)?.kind == .enumeration
            }
                ?? false,
            occurrences: occurrences,
            connection: connectionTemplate,
            edgeWrite: try edgeWrite(directives),
            deletion: try deletion(entries), clientOnly: clientOnly,
            child)
    }

    // MARK: Directives

    /// `conditions` with those of the `@include`/`@skip` among `directives`; nil when a
    /// literal one leaves the selection out.
    private func inclusion(_ directives: [Directive], within conditions: [PlanCondition]) throws(PlanError)
        -> [PlanCondition]?
    {
        var conditions = conditions
        for directive in directives where directive.name == "include" || directive.name == "skip" {
            let include = directive.name == "include"
            switch try condition(directive) {
            case .literal(let flag): if flag != include { return nil }
            case .variable(let name):
                let condition: PlanCondition = include ? .include(name) : .skip(name)
                if !conditions.contains(condition) { conditions.append(condition) }
            }
        }
        return conditions
    }

    /// `occurrence` inside a `@defer` among `directives`, if one is there and not off.
    private func deferred(_ occurrence: PlanOccurrence, by directives: [Directive], fallback: String) throws(PlanError)
        -> PlanOccurrence
    {
        guard let directive = directives.first(where: { $0.name == "defer" }) else { return occurrence }
        var conditions: [PlanCondition] = []
        if directive.argument("if") != nil {
            switch try condition(directive) {
            case .literal(false): return occurrence
            case .literal(true): break
            case .variable(let name): conditions = [.include(name)]
            }
        }
        let label: String
        switch directive.argument("label") {
        case .string(let text)?: label = text
        case nil, .null?: label = fallback
        default:
            throw .badDirective("defer", location: directive.location, reason: "'label' must be a literal string")
        }
        return PlanOccurrence(
            when: occurrence.conditions, deferred: [PlanDeferral(label, when: conditions)] + occurrence.deferrals)
    }

    private enum Condition {
        case literal(Bool)
        case variable(String)
    }

    /// The `if` of `@include`, `@skip` or `@defer`: a literal (absent or null: true) or a variable.
    private func condition(_ directive: Directive) throws(PlanError) -> Condition {
        switch directive.argument("if") {
        case .boolean(let flag)?: return .literal(flag)
        case .null?, nil: return .literal(true)
        case .variable(let name)?: return .variable(name)
        default:
            throw .badDirective(directive.name, location: directive.location, reason: "'if' is not a Boolean")
        }
    }

    private func literalString(_ directive: Directive, _ argument: String) throws(PlanError) -> String? {
        switch directive.argument(argument) {
        case .string(let text)?: return text
        case nil: return nil
        default:
            throw .badDirective(
                directive.name, location: directive.location, reason: "'\(argument)' must be a literal string")
        }
    }

    private func connection(
        _ directives: [Directive], arguments: [(name: String, value: InputValue)]
    ) throws(PlanError) -> ConnectionTemplate? {
        guard let directive = directives.first(where: { $0.name == "connection" }) else { return nil }
        guard let key = try literalString(directive, "key") else {
            throw .badDirective("connection", location: directive.location, reason: "'key' must be a string")
        }
        switch directive.argument("filters") {
        case .list(let names)?:
            return ConnectionTemplate(
                key: key, filters: names.compactMap { if case .string(let name) = $0 { name } else { nil } },
                paging: ConnectionPaging(arguments: arguments))
        case nil, .null?:
            return ConnectionTemplate(key: key, paging: ConnectionPaging(arguments: arguments))
        default:
            throw .badDirective(
                "connection", location: directive.location, reason: "'filters' must be a literal list of strings")
        }
    }

    /// `@pageList(argument:, items:, next:)` or `@offsetList(argument:, items:)` on the field
    /// `name`: a ``ConnectionTemplate`` keyed by the field's name whose ``ConnectionTemplate/list``
    /// says how it pages.
    private func pageList(
        _ directives: [Directive], field name: String, arguments: [(name: String, value: InputValue)]
    ) throws(PlanError) -> ConnectionTemplate? {
        guard
            let directive = directives.first(where: {
                $0.name == PageListTemplate.Counting.page.directive
                    || $0.name == PageListTemplate.Counting.offset.directive
            })
        else { return nil }
        let counting: PageListTemplate.Counting = directive.name == "pageList" ? .page : .offset
        guard let argument = try literalString(directive, "argument") else {
            throw .badDirective(directive.name, location: directive.location, reason: "'argument' must be a string")
        }
        guard let items = try literalString(directive, "items") else {
            throw .badDirective(directive.name, location: directive.location, reason: "'items' must be a string")
        }
        let next = try literalString(directive, "next").map { $0.split(separator: ".").map(String.init) }
        var variable: String?
        if case .variable(let name)? = arguments.first(where: { $0.name == argument })?.value { variable = name }
        return ConnectionTemplate(
            key: name,
            list: PageListTemplate(counting, argument: argument, variable: variable, items: items, next: next))
    }

    private func edgeWrite(_ directives: [Directive]) throws(PlanError) -> EdgeWriteTemplate? {
        for directive in directives {
            let kind: EdgeWrite.Kind
            switch directive.name {
            case "appendEdge": kind = .insertEdge(append: true)
            case "prependEdge": kind = .insertEdge(append: false)
            case "appendNode", "prependNode":
                guard let edgeType = try literalString(directive, "edgeTypeName") else {
                    throw .badDirective(
                        directive.name, location: directive.location, reason: "'edgeTypeName' must be a string")
                }
                kind = .insertNode(append: directive.name == "appendNode", edgeTypeName: edgeType)
            case "deleteEdge": kind = .deleteEdge
            default: continue
            }
            return EdgeWriteTemplate(kind, connections: directive.argument("connections"))
        }
        return nil
    }

    /// The `@deleteRecord` of the merged field `entries`: its `typeName`, or the type the field
    /// is written on when the field is that object type's key (see
    /// ``Normalization/deletedRecordType(field:on:)``); an error otherwise, since an id alone
    /// names no record.
    private func deletion(_ entries: [Entry]) throws(PlanError) -> DeletionTemplate? {
        for entry in entries {
            guard let directive = entry.field.directives.first(where: { $0.name == "deleteRecord" }) else { continue }
            if let typeName = try literalString(directive, "typeName") { return DeletionTemplate(typeName: typeName) }
            if let typeName = normalization.deletedRecordType(field: entry.field.name, on: entry.scope) {
                return DeletionTemplate(typeName: typeName)
            }
            throw .deleteRecordWithoutType(
                field: entry.field.responseKey, selectedOn: entry.scope,
                suggestion: normalization.likelyDeletedRecordType(field: entry.field.name), location: directive.location
            )
        }
        return nil
    }
}
