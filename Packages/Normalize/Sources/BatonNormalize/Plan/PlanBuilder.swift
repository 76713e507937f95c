import BatonRecords

/// Builds the selection plans of one operation under its variables.
struct PlanBuilder {
    let document: Document
    let variables: [String: JSONValue]
    let normalization: Normalization
    private(set) var deferLabels: Set<String> = []

    init(document: Document, variables: [String: JSONValue], normalization: Normalization) {
        self.document = document
        self.variables = variables
        self.normalization = normalization
    }

    /// One AST field, the `@defer` label it sits under, if any, and the type it is selected
    /// on: the type condition of the fragment around it, or the position's static type.
    private typealias Entry = (field: Field, deferLabel: String?, scope: String?)

    /// The plan of the selection sets `sets` (each with the defer label it sits under), made
    /// for an object of `staticType`.
    mutating func selection(of sets: [([Selection], String?)], staticType: String?, isRoot: Bool) throws(PlanError) -> SelectionPlan {
        let schemaKnowsType = staticType.flatMap { normalization.schema?.type(named: $0) } != nil
        let isAbstract = staticType.map { normalization.schema?.isAbstract($0) ?? true } ?? true
        let needsTypename = !isRoot && (!schemaKnowsType || isAbstract)
        let knownAbstract = staticType.map {
            normalization.schema?.isAbstract($0) == true || normalization.possibleTypes[$0] != nil
        } ?? false

        if !needsTypename {
            let common = try resolved(sets, for: staticType, staticType: staticType, addTypename: false)
            return SelectionPlan(staticType: staticType, needsTypename: false, isAbstract: knownAbstract, common: common,
                                 byType: [:])
        }
        var candidates = Set<String>()
        if let staticType { candidates.formUnion(normalization.concreteTypes(of: staticType)) }
        for (selections, _) in sets { collectConditions(selections, into: &candidates) }
        for condition in Array(candidates) {
            candidates.formUnion(normalization.possibleTypes[condition] ?? [])
        }
        let common = try resolved(sets, for: nil, staticType: staticType, addTypename: true)
        var byType: [String: ResolvedSelection] = [:]
        for typename in candidates.sorted() {
            byType[typename] = try resolved(sets, for: typename, staticType: staticType, addTypename: true)
        }
        return SelectionPlan(staticType: staticType, needsTypename: true, isAbstract: knownAbstract, common: common,
                             byType: byType)
    }

    /// The merged fields of `sets` for an object of concrete type `typename` (nil: a type
    /// no conditional fragment names).
    private mutating func resolved(
        _ sets: [([Selection], String?)], for typename: String?, staticType: String?, addTypename: Bool
    ) throws(PlanError) -> ResolvedSelection {
        var order: [String] = []
        var groups: [String: [Entry]] = [:]
        for (selections, label) in sets {
            try collect(selections, deferLabel: label, scope: staticType, typename: typename, staticType: staticType,
                        order: &order, groups: &groups)
        }
        if addTypename && groups["__typename"] == nil {
            order.append("__typename")
            groups["__typename"] = [(Field(name: "__typename", location: SourceLocation(line: 0, column: 0)), nil, staticType)]
        }
        var fields: [FieldPlan] = []
        fields.reserveCapacity(order.count)
        for responseKey in order {
            let entries = groups[responseKey]!
            fields.append(try fieldPlan(entries, parentType: typename ?? staticType))
        }
        return ResolvedSelection(fields: fields)
    }

    private mutating func collect(
        _ selections: [Selection], deferLabel: String?, scope: String?, typename: String?, staticType: String?,
        order: inout [String], groups: inout [String: [Entry]]
    ) throws(PlanError) {
        for selection in selections where try isIncluded(selection.directives) {
            switch selection {
            case .field(let field):
                if groups[field.responseKey] == nil {
                    order.append(field.responseKey)
                    groups[field.responseKey] = []
                }
                groups[field.responseKey]!.append((field, deferLabel, scope))
            case .inlineFragment(let fragment):
                guard applies(fragment.typeCondition, typename: typename, staticType: staticType) else { continue }
                let label = try self.deferLabel(fragment.directives, fallback: "inline") ?? deferLabel
                try collect(fragment.selectionSet, deferLabel: label, scope: fragment.typeCondition ?? scope,
                            typename: typename, staticType: staticType, order: &order, groups: &groups)
            case .fragmentSpread(let spread):
                guard let fragment = document.fragments[spread.name] else {
                    throw .invalidDocument(.unknownFragment(name: spread.name, location: spread.location))
                }
                guard applies(fragment.typeCondition, typename: typename, staticType: staticType) else { continue }
                let label = try self.deferLabel(spread.directives, fallback: spread.name) ?? deferLabel
                try collect(fragment.selectionSet, deferLabel: label, scope: fragment.typeCondition,
                            typename: typename, staticType: staticType, order: &order, groups: &groups)
            }
        }
    }

    private func applies(_ condition: String?, typename: String?, staticType: String?) -> Bool {
        guard let condition else { return true }
        if let typename { return normalization.applies(condition, to: typename) }
        return normalization.alwaysApplies(condition, under: staticType)
    }

    private func collectConditions(_ selections: [Selection], into conditions: inout Set<String>) {
        var visited = Set<String>()
        func walk(_ selections: [Selection]) {
            for selection in selections {
                switch selection {
                case .field: break
                case .inlineFragment(let fragment):
                    if let condition = fragment.typeCondition { conditions.insert(condition) }
                    walk(fragment.selectionSet)
                case .fragmentSpread(let spread):
                    guard let fragment = document.fragments[spread.name], visited.insert(spread.name).inserted else { continue }
                    conditions.insert(fragment.typeCondition)
                    walk(fragment.selectionSet)
                }
            }
        }
        walk(selections)
    }

    private mutating func fieldPlan(_ entries: [Entry], parentType: String?) throws(PlanError) -> FieldPlan {
        let first = entries[0].field
        let arguments = StorageKey.resolve(first.arguments, variables: variables)
        var argumentValues: [String: JSONValue] = [:]
        for (name, value) in arguments { argumentValues[name] = value ?? .null }

        var typeName: String?
        var isList: Bool?
        if let schema = normalization.schema, let parentType, schema.type(named: parentType) != nil {
            // An abstract parent may not define the field: it is then the field of the type
            // condition it was selected under (`... on Node { id }` in a union's common fields,
            // `... on Character { status }` merged into the plan for an interface).
            let definingTypes = [parentType] + entries.compactMap(\.scope)
            guard let definition = definingTypes.lazy.compactMap({ schema.field(first.name, on: $0) }).first else {
                throw .unknownField(first.name, type: parentType, location: first.location)
            }
            typeName = definition.type.namedType
            isList = definition.type.isList
        }

        let deferred = entries.allSatisfy { $0.deferLabel != nil } ? entries[0].deferLabel : nil
        let childSets = entries.compactMap { entry in entry.field.selectionSet.map { ($0, entry.deferLabel) } }
        let child: SelectionPlan? = childSets.isEmpty
            ? nil : try selection(of: childSets, staticType: typeName, isRoot: false)

        let directives = entries.flatMap { $0.field.directives }
        return FieldPlan(
            responseKey: first.responseKey, name: first.name,
            storageKey: StorageKey.make(name: first.name, arguments: arguments),
            arguments: argumentValues, selection: child, typeName: typeName, isList: isList,
            deferLabel: deferred, connection: try connection(directives, arguments: argumentValues),
            edgeWrite: try edgeWrite(directives),
            deletesRecord: directives.contains { $0.name == "deleteRecord" },
            deletedTypeName: directives.first { $0.name == "deleteRecord" }?.argument("typeName")?.resolved(variables)
                .flatMap { if case .string(let name) = $0 { name } else { nil } },
            isKeyField: first.arguments.isEmpty && normalization.cacheKeys.allKeyFields.contains(first.name),
            isPlainLeaf: typeName.map { Self.builtInScalars.contains($0) || normalization.schema?.type(named: $0)?.kind == .enumeration }
                ?? false)
    }

    private static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]

    // MARK: Directives

    private func isIncluded(_ directives: [Directive]) throws(PlanError) -> Bool {
        for directive in directives where directive.name == "include" || directive.name == "skip" {
            let condition = try boolean(directive, "if") ?? true
            if directive.name == "include" ? !condition : condition { return false }
        }
        return true
    }

    /// The label of a `@defer` among `directives` that is on, or nil.
    private mutating func deferLabel(_ directives: [Directive], fallback: String) throws(PlanError) -> String? {
        guard let directive = directives.first(where: { $0.name == "defer" }) else { return nil }
        if try boolean(directive, "if") == false { return nil }
        let label: String
        switch directive.argument("label")?.resolved(variables) {
        case .string(let text)?: label = text
        default: label = fallback
        }
        deferLabels.insert(label)
        return label
    }

    private func boolean(_ directive: Directive, _ argument: String) throws(PlanError) -> Bool? {
        guard let value = directive.argument(argument) else { return nil }
        switch value.resolved(variables) {
        case .bool(let flag)?: return flag
        case .null?, nil: return nil
        default:
            throw .badDirective(directive.name, location: directive.location, reason: "'\(argument)' is not a Boolean")
        }
    }

    private func connection(_ directives: [Directive], arguments: [String: JSONValue]) throws(PlanError) -> ConnectionPlan? {
        guard let directive = directives.first(where: { $0.name == "connection" }) else { return nil }
        guard case .string(let key)? = directive.argument("key")?.resolved(variables) else {
            throw .badDirective("connection", location: directive.location, reason: "'key' must be a string")
        }
        var filterNames = arguments.keys.filter { !ConnectionPlan.pagingArguments.contains($0) }
        if case .array(let names)? = directive.argument("filters")?.resolved(variables) {
            filterNames = names.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        let filters = filterNames.map { (name: $0, value: arguments[$0].flatMap { $0.isNull ? nil : $0 }) }
        let direction: ConnectionPlan.Direction
        if let after = arguments["after"], !after.isNull {
            direction = .append
        } else if let before = arguments["before"], !before.isNull {
            direction = .prepend
        } else {
            direction = .replace
        }
        return ConnectionPlan(field: StorageKey.make(name: "__\(key)_connection", arguments: filters), direction: direction)
    }

    private func edgeWrite(_ directives: [Directive]) throws(PlanError) -> EdgeWrite? {
        for directive in directives {
            let kind: EdgeWrite.Kind
            switch directive.name {
            case "appendEdge": kind = .insertEdge(append: true)
            case "prependEdge": kind = .insertEdge(append: false)
            case "appendNode", "prependNode":
                guard case .string(let edgeType)? = directive.argument("edgeTypeName")?.resolved(variables) else {
                    throw .badDirective(directive.name, location: directive.location, reason: "'edgeTypeName' must be a string")
                }
                kind = .insertNode(append: directive.name == "appendNode", edgeTypeName: edgeType)
            case "deleteEdge": kind = .deleteEdge
            default: continue
            }
            let connections: [RecordKey]
            switch directive.argument("connections")?.resolved(variables) {
            case .array(let ids)?:
                connections = ids.compactMap { if case .string(let id) = $0 { RecordKey(id) } else { nil } }
            case .string(let id)?: connections = [RecordKey(id)]
            default: connections = []
            }
            return EdgeWrite(kind: kind, connections: connections)
        }
        return nil
    }
}
