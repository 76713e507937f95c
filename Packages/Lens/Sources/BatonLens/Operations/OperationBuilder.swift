@_spi(Baton) import BatonNormalize

/// Plans operations from their emitted templates, or from their documents (each parsed once),
/// and checks each operation's lenses against the first plan made for it. Main actor:
/// handles build plans there, before their first read.
@MainActor
enum OperationBuilder {
    private static var documents: [ObjectIdentifier: Document] = [:]
    private static var verified: Set<ObjectIdentifier> = []
    /// What each operation's last payload written as a tree made (`WalkSizes`), shared by its
    /// plans in every environment.
    private static var walkSizes: [ObjectIdentifier: WalkSizes] = [:]

    /// The plan of `operation` under `variables`, from `template` when the caller holds the
    /// operation's template already (made by `template(_:normalization:)` under the same
    /// normalization), else from the one this makes.
    static func plan<Op: GraphQLOperation>(
        _ operation: Op.Type, template: OperationTemplate? = nil, variables: [String: JSONValue],
        normalization: Normalization
    ) throws(OperationBuildError) -> OperationPlan {
        let id = ObjectIdentifier(operation)
        let made: OperationTemplate
        if let template {
            made = template
        } else {
            made = try self.template(operation, normalization: normalization)
        }
        let plan: OperationPlan
        do {
            plan = try OperationPlan(
                template: made, variables: variables, normalization: normalization, walkSizes: sizes(of: id))
        } catch {
            throw .plan(error, operation: name(of: operation))
        }
        if !verified.contains(id) {
            var visited: Set<Visit> = []
            try verify(
                FragmentMetadata.of(Op.Data.self), against: plan.root, normalization: normalization,
                operation: plan.name ?? name(of: operation), visited: &visited)
            verified.insert(id)
        }
        return plan
    }

    /// What `operation`'s last payload written as a tree made (see `WalkSizes`).
    private static func sizes(of operation: ObjectIdentifier) -> WalkSizes {
        if let sizes = walkSizes[operation] { return sizes }
        let made = WalkSizes()
        walkSizes[operation] = made
        return made
    }

    /// The operation's emitted template, or one planned from its document (parsed once).
    static func template<Op: GraphQLOperation>(
        _ operation: Op.Type, normalization: Normalization
    ) throws(OperationBuildError) -> OperationTemplate {
        if let template = Op.template { return template }
        let id = ObjectIdentifier(operation)
        let document: Document
        if let parsed = documents[id] {
            document = parsed
        } else {
            do {
                document = try Document.parse(Op.document)
            } catch {
                throw .plan(.syntax(error), operation: name(of: operation))
            }
            documents[id] = document
        }
        do {
            return try OperationTemplate(
                document: document, operationName: Op.operationName, normalization: normalization)
        } catch {
            throw .plan(error, operation: name(of: operation))
        }
    }

    /// The name an error gives `operation`: its `operationName`, else its type's. Asked only
    /// when needed: a type's description casts the metatype to the protocols that customize one,
    /// and each cast's first time for a type scans every conformance record of the process
    /// (3.3M of the 10.2M instructions of the fixture screen's first plan in a new process).
    private static func name<Op: GraphQLOperation>(of operation: Op.Type) -> String {
        Op.operationName ?? String(describing: operation)
    }

    private struct Visit: Hashable {
        let selection: ObjectIdentifier
        let fragment: ObjectIdentifier
    }

    /// Checks that every field `fragment` declares is selected under `selection` for its type
    /// condition, as declared, and recurses through links.
    private static func verify(
        _ fragment: FragmentMetadata, against selection: SelectionPlan, normalization: Normalization,
        operation: String, visited: inout Set<Visit>
    ) throws(OperationBuildError) {
        guard
            visited.insert(Visit(selection: ObjectIdentifier(selection), fragment: ObjectIdentifier(fragment))).inserted
        else { return }
        var candidates = [selection.resolved(for: fragment.typeCondition)]
        for (typename, resolved) in selection.byType where normalization.applies(fragment.typeCondition, to: typename) {
            candidates.append(resolved)
        }
        for descriptor in fragment.descriptors {
            let address = descriptor.address
            if address.name == "__typename" { continue }
            var found: FieldPlan?
            for candidate in candidates {
                if let field = candidate.fields.first(where: { $0.responseKey == address.responseKey }) {
                    found = field
                    break
                }
            }
            guard let field = found else {
                throw .unselected(
                    field: address.responseKey, lens: fragment.typeName, type: fragment.typeCondition,
                    operation: operation)
            }
            func mismatch(_ reason: String) -> OperationBuildError {
                .mismatch(field: address.responseKey, lens: fragment.typeName, reason: reason, operation: operation)
            }
            if field.name != address.name {
                throw mismatch("the document selects \(field.name) under that key, the lens reads \(address.name)")
            }
            if field.isClientOnly && !address.conditional {
                throw mismatch("the field is client-only, absent until the app writes it; declare it conditional: true")
            }
            if !address.takesArguments && field.storageKey != address.name {
                throw mismatch("the document passes arguments (\(field.storageKey)); declare it with arguments: true")
            }
            if let child = descriptor.linkedFragment {
                guard let sub = field.selection else { throw mismatch("a link over a leaf field") }
                try verify(
                    FragmentMetadata.of(any: child), against: sub, normalization: normalization,
                    operation: operation, visited: &visited)
            } else if field.selection != nil {
                throw mismatch("a scalar over an object field; declare a Linked")
            }
        }
    }
}
