extension Document {
    /// The directives only the client reads (connections, the edge and record mutations,
    /// `@updatable` and `@refetchable` on a fragment definition, `@cacheExpiration` on a query,
    /// the fragment arguments' `@argumentDefinitions` and `@arguments`, and the page lists'
    /// `@pageList` and `@offsetList`): a server that does not declare them rejects the document.
    public static let clientDirectives: Set<String> = [
        "connection", "appendEdge", "prependEdge", "appendNode", "prependNode", "deleteEdge", "deleteRecord",
        "updatable", "cacheExpiration", "refetchable", argumentDefinitionsDirective, argumentsDirective,
        "pageList", "offsetList",
    ]

    /// What goes on the wire for `operation`, and what a persisted query's hash is taken of:
    /// ``compactText(for:)`` without what only the client reads. That is the
    /// ``clientDirectives``; with a `schema`, the selections of its client-only fields
    /// (`FieldDefinition.isClientOnly`), an inline fragment or a fragment (and its spreads)
    /// left empty without them, and a server field's selections left empty, which become
    /// `__typename`; and the variables only those use (`$connections` of an `@appendNode`). A
    /// variable a server field or directive also uses stays declared. Fragment arguments are
    /// applied first (``applyingFragmentArguments(to:)``): the text names the copies of the
    /// fragments made for each spread's values.
    public func wireText(for operation: OperationDefinition, schema: GraphQLSchema? = nil) -> String {
        if usesFragmentArguments {
            let (applied, document) = applyingFragmentArguments(to: operation)
            return document.wireText(for: applied, schema: schema)
        }
        var sent = operation
        var fragments = fragments(usedBy: operation)
        if let schema, schema.hasClientOnlyFields {
            var pruning = WirePruning(document: self, schema: schema)
            sent.selectionSet = pruning.selections(
                operation.selectionSet, on: schema.rootTypeName(for: operation.kind))
            let kept = Document(
                definitions: [.operation(sent)]
                    + fragments.compactMap { pruning.fragment($0.name) }.map { .fragment($0) })
            fragments = kept.fragments(usedBy: sent)
        }
        let onWire = Document(definitions: [.operation(sent)] + fragments.map { .fragment($0) })
            .variablesUsed(by: sent, omitting: Self.clientDirectives)
        let clientOnly = variablesUsed(by: operation).subtracting(onWire)
        if !clientOnly.isEmpty { sent.variableDefinitions.removeAll { clientOnly.contains($0.name) } }
        var printer = Printer(style: .compact)
        printer.omittedDirectives = Self.clientDirectives
        printer.print(sent)
        for fragment in fragments { printer.print(fragment) }
        return printer.text
    }
}

/// Leaves out of a document's selections those of client-only fields, resolving each field
/// against the schema from the type it is selected on, and what is left empty without them.
/// A value used on one thread while a wire text is made.
struct WirePruning {
    let document: Document
    let schema: GraphQLSchema
    /// Each fragment met, without its client-only selections; nil when none is left.
    private var fragments: [String: FragmentDefinition?] = [:]

    init(document: Document, schema: GraphQLSchema) {
        self.document = document
        self.schema = schema
    }

    /// `selections` (selected on `typeName`, nil when unknown) without the client-only fields.
    mutating func selections(_ selections: [Selection], on typeName: String?) -> [Selection] {
        var kept: [Selection] = []
        kept.reserveCapacity(selections.count)
        for selection in selections {
            switch selection {
            case .field(var field):
                let definition = typeName.flatMap { schema.field(field.name, on: $0) }
                if definition?.isClientOnly == true { continue }
                if let children = field.selectionSet {
                    let pruned = self.selections(children, on: definition?.type.namedType)
                    // The server field stays selected: its object is still answered.
                    field.selectionSet =
                        pruned.isEmpty ? [.field(Field(name: "__typename", location: field.location))] : pruned
                }
                kept.append(.field(field))
            case .inlineFragment(var inline):
                inline.selectionSet = self.selections(inline.selectionSet, on: inline.typeCondition ?? typeName)
                if !inline.selectionSet.isEmpty { kept.append(.inlineFragment(inline)) }
            case .fragmentSpread(let spread):
                if document.fragments[spread.name] == nil || fragment(spread.name) != nil { kept.append(selection) }
            }
        }
        return kept
    }

    /// The fragment `name` without its client-only selections; nil when none is left (or the
    /// document has no such fragment).
    mutating func fragment(_ name: String) -> FragmentDefinition? {
        if let known = fragments[name] { return known }
        guard var fragment = document.fragments[name] else { return nil }
        // A spread cycle (an invalid document) ends here, at the fragment as written.
        fragments[name] = .some(fragment)
        fragment.selectionSet = selections(fragment.selectionSet, on: fragment.typeCondition)
        let pruned = fragment.selectionSet.isEmpty ? nil : fragment
        fragments[name] = .some(pruned)
        return pruned
    }
}
