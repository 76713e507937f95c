import BatonNormalize

extension Validator {
    /// The directives that put a selection's presence under a condition.
    private static let conditions: Set<String> = ["include", "skip", "defer"]
    /// The directives whose field the store writes other than as a plain value: a connection's
    /// pages, and the edges and records a response's ids add or delete.
    private static let storeDirectives: Set<String> = [
        "connection", "appendEdge", "prependEdge", "appendNode", "prependNode", "deleteEdge", "deleteRecord",
    ]

    /// Relay's rules for an `@updatable` fragment, whose setters write each field it selects to
    /// that field's storage in the record: throughout its own selection (nested fields and
    /// inline fragments; a spread fragment has its own rules),
    ///
    /// - no field is aliased: a setter names the field's storage, which an alias hides, and two
    ///   aliases of one field would be two setters of one value;
    /// - no field, inline fragment or spread is under `@include`, `@skip` or `@defer`: what a
    ///   setter writes is what the fragment always reads;
    /// - no field carries `@connection` or an edge or record directive: the store writes those
    ///   fields by merging pages or by the ids a response names, not as a value.
    mutating func checkUpdatable(_ fragment: FragmentDefinition, in source: GraphQLSource) {
        checkUpdatable(fragment.selectionSet, of: fragment.name, in: source)
    }

    private mutating func checkUpdatable(_ selections: [Selection], of fragment: String, in source: GraphQLSource) {
        let owner = "'@updatable' fragment '\(fragment)'"
        for selection in selections {
            switch selection {
            case .field(let field):
                if let alias = field.alias, alias != field.name {
                    report(
                        .updatableFragment,
                        "\(owner) aliases '\(field.name)' as '\(alias)': a setter writes the field's storage, which an alias hides; select '\(field.name)' unaliased",
                        at: field.location, in: source)
                }
                checkUpdatableDirectives(field.directives, on: "'\(field.responseKey)'", of: owner, in: source)
                if let children = field.selectionSet { checkUpdatable(children, of: fragment, in: source) }
            case .inlineFragment(let inline):
                let what = inline.typeCondition.map { "the inline fragment on '\($0)'" } ?? "an inline fragment"
                checkUpdatableDirectives(inline.directives, on: what, of: owner, in: source)
                checkUpdatable(inline.selectionSet, of: fragment, in: source)
            case .fragmentSpread(let spread):
                checkUpdatableDirectives(spread.directives, on: "'...\(spread.name)'", of: owner, in: source)
            }
        }
    }

    private mutating func checkUpdatableDirectives(
        _ directives: [Directive], on what: String, of owner: String, in source: GraphQLSource
    ) {
        for directive in directives {
            if Self.conditions.contains(directive.name) {
                report(
                    .updatableFragment,
                    "\(owner) puts \(what) under '@\(directive.name)': a setter writes what the fragment always reads, so nothing in it may be conditional or deferred",
                    at: directive.location, in: source)
            } else if Self.storeDirectives.contains(directive.name) {
                report(
                    .updatableFragment,
                    "\(owner) marks \(what) '@\(directive.name)': the store writes such a field from pages or a response's ids, not as a value a setter gives",
                    at: directive.location, in: source)
            }
        }
    }
}
