import BatonRecords

/// Plans an ``OperationTemplate`` under variables: drops the fields no occurrence selects,
/// resolves storage keys, connections and edge writes, and gathers the `@defer` labels.
struct TemplateInstance {
    let variables: [String: JSONValue]
    /// The fields that can identify an object, by the cache-key policy.
    let keyFields: Set<String>
    private(set) var deferLabels: Set<String> = []
    /// The plans made so far of the selections that read variables, by template. The builder
    /// shares a selection among the types of its parent that select it, so one selection can
    /// be reached by many paths; it is planned once, not once a path.
    private var plans: [ObjectIdentifier: SelectionPlan] = [:]

    init(variables: [String: JSONValue], keyFields: Set<String>) {
        self.variables = variables
        self.keyFields = keyFields
    }

    /// The plan of `template` under the variables. A variable-free selection's is made once
    /// for the key fields and shared (`SelectionTemplate.planned`): a page, a refetch or a
    /// search under new variables plans again only the fields that read them.
    mutating func selection(_ template: SelectionTemplate) throws(PlanError) -> SelectionPlan {
        guard template.isVariableFree else {
            if let plan = plans[ObjectIdentifier(template)] { return plan }
            let plan = try made(template)
            plans[ObjectIdentifier(template)] = plan
            return plan
        }
        let keyFields = self.keyFields
        if let plan = template.planned.withLock({ $0?.keyFields == keyFields ? $0?.plan : nil }) { return plan }
        let plan = try made(template)
        template.planned.withLock { $0 = (keyFields, plan) }
        return plan
    }

    private mutating func made(_ template: SelectionTemplate) throws(PlanError) -> SelectionPlan {
        let common = try resolved(template.common)
        var byType: [String: ResolvedSelection] = [:]
        for (typename, fields) in template.byType { byType[typename] = try resolved(fields) }
        return SelectionPlan(
            staticType: template.staticType, needsTypename: template.needsTypename, isAbstract: template.isAbstract,
            common: common, byType: byType)
    }

    private mutating func resolved(_ templates: [FieldTemplate]) throws(PlanError) -> ResolvedSelection {
        var fields: [FieldPlan] = []
        fields.reserveCapacity(templates.count)
        for template in templates {
            if let field = try field(template) { fields.append(field) }
        }
        return ResolvedSelection(fields: fields)
    }

    private mutating func field(_ template: FieldTemplate) throws(PlanError) -> FieldPlan? {
        var deferLabel: String?
        var selected = false
        var alwaysDeferred = true
        for occurrence in template.occurrences where try occurrence.holds(variables) {
            let active = try occurrence.activeDeferrals(variables)
            for deferral in active { deferLabels.insert(deferral.label) }
            if !selected { deferLabel = active.first?.label }
            if active.isEmpty { alwaysDeferred = false }
            selected = true
        }
        guard selected else { return nil }
        let arguments = template.arguments.map { argument -> (name: String, value: JSONValue?) in
            if case .null = argument.value { return (argument.name, nil) }
            return (argument.name, argument.value.resolved(variables) ?? .null)
        }
        var argumentValues: [String: JSONValue] = [:]
        for (name, value) in arguments { argumentValues[name] = value ?? .null }
        return FieldPlan(
            responseKey: template.responseKey, name: template.name,
            storageKey: StorageKey.make(name: template.name, arguments: arguments),
            arguments: argumentValues,
            selection: try template.selection.map { template throws(PlanError) in try selection(template) },
            typeName: template.typeName, isList: template.isList, deferLabel: alwaysDeferred ? deferLabel : nil,
            connection: template.connection.map { connection($0, arguments: argumentValues) },
            edgeWrite: template.edgeWrite.map(edgeWrite),
            deletesRecord: template.deletion != nil, deletedTypeName: template.deletion?.typeName,
            isKeyField: template.arguments.isEmpty && keyFields.contains(template.name),
            isPlainLeaf: template.isPlainLeaf, isClientOnly: template.isClientOnly)
    }

    private func connection(_ template: ConnectionTemplate, arguments: [String: JSONValue]) -> ConnectionPlan {
        if let list = template.list { return pageList(template, list, arguments: arguments) }
        let filterNames = template.filters ?? arguments.keys.filter { !ConnectionPlan.pagingArguments.contains($0) }
        let filters = filterNames.map { (name: $0, value: arguments[$0].flatMap { $0.isNull ? nil : $0 }) }
        let direction: ConnectionPlan.Direction
        if let after = arguments["after"], !after.isNull {
            direction = .append
        } else if let before = arguments["before"], !before.isNull {
            direction = .prepend
        } else {
            direction = .replace
        }
        return ConnectionPlan(
            key: template.key, field: StorageKey.make(name: "__\(template.key)_connection", arguments: filters),
            direction: direction,
            paging: template.paging)
    }

    /// A `@pageList`/`@offsetList` field: keyed by its arguments but the paging one; the first
    /// page (absent, null or ``PageListTemplate/Counting/first``) starts the list again, any
    /// other appends to it.
    private func pageList(
        _ template: ConnectionTemplate, _ list: PageListTemplate, arguments: [String: JSONValue]
    ) -> ConnectionPlan {
        let filters = arguments.keys.filter { $0 != list.argument }.sorted()
            .map { (name: $0, value: arguments[$0].flatMap { $0.isNull ? nil : $0 }) }
        var position: Int?
        if case .int(let number)? = arguments[list.argument] { position = number }
        let direction: ConnectionPlan.Direction =
            (position ?? list.counting.first) == list.counting.first ? .replace : .append
        return ConnectionPlan(
            key: template.key,
            field: StorageKey.make(name: PageListTemplate.storageName(template.key), arguments: filters),
            direction: direction, paging: .none, list: list, listPosition: position)
    }

    private func edgeWrite(_ template: EdgeWriteTemplate) -> EdgeWrite {
        let connections: [RecordKey]
        switch template.connections?.resolved(variables) {
        case .array(let ids)?:
            connections = ids.compactMap { if case .string(let id) = $0 { RecordKey(id) } else { nil } }
        case .string(let id)?: connections = [RecordKey(id)]
        default: connections = []
        }
        return EdgeWrite(kind: template.kind, connections: connections)
    }
}
