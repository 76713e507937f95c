import BatonNormalize

extension Validator {
    /// §5.7: each directive defined, allowed at `location`, given once unless repeatable,
    /// with arguments of its definition's types.
    mutating func checkDirectives(_ directives: [Directive], at location: String, in source: GraphQLSource) {
        var seen: Set<String> = []
        for directive in directives {
            // Relay's fragment arguments: checked against the fragment (Validator+FragmentArguments).
            if (directive.name, location) == (Document.argumentDefinitionsDirective, "FRAGMENT_DEFINITION")
                || (directive.name, location) == (Document.argumentsDirective, "FRAGMENT_SPREAD")
            {
                continue
            }
            guard let definition = schema.directives[directive.name] else {
                report(
                    .directiveDefinedAndPlaced, "unknown directive '@\(directive.name)'", at: directive.location,
                    in: source)
                continue
            }
            if !definition.locations.contains(location) {
                report(
                    .directiveDefinedAndPlaced,
                    "'@\(directive.name)' is not allowed on \(location.lowercased().replacingOccurrences(of: "_", with: " "))",
                    at: directive.location, in: source)
            }
            if !definition.isRepeatable, !seen.insert(directive.name).inserted {
                report(
                    .directiveUniqueness, "'@\(directive.name)' is given twice here", at: directive.location, in: source
                )
            }
            checkArguments(
                directive.arguments, against: definition.arguments, at: directive.location, in: source,
                owner: "'@\(directive.name)'")
        }
    }

    /// A `@connection` field given a cursor argument (`after`, `before`) is paged that way, so
    /// the cursor and its page size (`first`, `last`) must both be variables: `loadNext` and
    /// `loadPrevious` set them; and it must select the page info that way reads
    /// (`pageInfo { hasNextPage endCursor }`, `pageInfo { hasPreviousPage startCursor }`),
    /// without which no page could ever be loaded. A connection with no cursor argument is
    /// never paged that way and may take a literal page size (paging it throws
    /// `PaginationError` at run time).
    private mutating func checkConnectionPaging(_ field: Field, at location: SourceLocation, in source: GraphQLSource) {
        for direction in [ConnectionPaging.Direction.forward, .backward] {
            let (countName, cursorName) = direction.arguments
            guard let cursor = field.arguments.first(where: { $0.name == cursorName })?.value else { continue }
            let pager = direction == .forward ? "loadNext" : "loadPrevious"
            guard case .variable(let cursorVariable) = cursor else {
                report(
                    .clientDirective,
                    "'@connection' field '\(field.responseKey)' takes '\(cursorName)' as a literal: \(pager) sets the cursor through a variable ('\(cursorName): $\(cursorName)'); leave '\(cursorName)' out if it is never paged",
                    at: location, in: source)
                continue
            }
            let countIsVariable =
                if case .variable? = field.arguments.first(where: { $0.name == countName })?.value { true } else {
                    false
                }
            if !countIsVariable {
                report(
                    .clientDirective,
                    "'@connection' field '\(field.responseKey)' pages with '\(cursorName): $\(cursorVariable)', so '\(countName)' must be a variable too: \(pager) sets the page size through it ('\(countName): $\(countName)')",
                    at: location, in: source)
                continue
            }
            let (flag, pageCursor) = direction.pageInfoFields
            var visited: Set<String> = []
            let pageInfo = selectedFields(in: field.selectionSet ?? [], visited: &visited).filter {
                $0.name == "pageInfo"
            }
            var visitedInPageInfo: Set<String> = []
            let selected = Set(
                pageInfo.flatMap { selectedFields(in: $0.selectionSet ?? [], visited: &visitedInPageInfo) }.map(\.name))
            if !selected.contains(flag) || !selected.contains(pageCursor) {
                report(
                    .clientDirective,
                    "'@connection' field '\(field.responseKey)' pages with '\(cursorName): $\(cursorVariable)', so it must select 'pageInfo { \(flag) \(pageCursor) }': \(pager) reads them to know that a page follows and where it starts",
                    at: location, in: source)
            }
        }
    }

    /// The unaliased fields that `selections` select on their own object, through inline
    /// fragments and the fragments they spread (each fragment once).
    private func selectedFields(in selections: [Selection], visited: inout Set<String>) -> [Field] {
        var found: [Field] = []
        for selection in selections {
            switch selection {
            case .field(let field): if field.alias == nil { found.append(field) }
            case .inlineFragment(let inline): found += selectedFields(in: inline.selectionSet, visited: &visited)
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name).inserted, let fragment = documents.document.fragments[spread.name]
                else { continue }
                found += selectedFields(in: fragment.selectionSet, visited: &visited)
            }
        }
        return found
    }

    /// `@cacheExpiration(seconds:)` on a query (its placement is checked with the other
    /// directives): `seconds` is a positive integer literal, since the generated operation
    /// carries it as a constant, the same under any variables.
    mutating func checkCacheExpiration(of operation: OperationDefinition, in source: GraphQLSource) {
        for directive in operation.directives where directive.name == "cacheExpiration" {
            switch directive.argument("seconds") {
            case .int(let text)?: if let seconds = Int(text), seconds > 0 { continue }
            case .variable?: break
            // Not an Int, or left out: reported against `Int!` with the other arguments.
            default: continue
            }
            report(
                .clientDirective,
                "'@cacheExpiration(seconds:)' must be a positive integer literal: the seconds the query's data stays fresh",
                at: directive.location, in: source)
        }
    }

    /// Baton's client directives on a field selected on `typeName`: what each may mark and what
    /// its arguments say.
    mutating func checkClientDirectives(
        on field: Field, of typeName: String, definition: FieldDefinition, in source: GraphQLSource
    ) {
        let named = definition.type.namedType
        let composite = schema.types[named]?.isComposite == true
        for directive in field.directives {
            switch directive.name {
            case "connection":
                guard composite, let edges = schema.field("edges", on: named) else {
                    report(
                        .clientDirective, "'@connection' marks a field whose type has 'edges'; '\(named)' has none",
                        at: directive.location, in: source)
                    continue
                }
                _ = edges
                if let key = directive.argument("key"), !key.isConstant {
                    report(
                        .clientDirective, "'@connection(key:)' must be a string literal", at: directive.location,
                        in: source)
                }
                if case .list(let filters)? = directive.argument("filters") {
                    for filter in filters {
                        guard case .string(let name) = filter else { continue }
                        if definition.argument(name) == nil {
                            report(
                                .clientDirective,
                                "'@connection(filters:)' names '\(name)', which is not an argument of '\(field.name)'",
                                at: directive.location, in: source)
                        }
                    }
                }
                checkConnectionPaging(field, at: directive.location, in: source)
            case "pageList", "offsetList":
                checkPageList(directive, on: field, definition: definition, in: source)
            case "appendEdge", "prependEdge", "appendNode", "prependNode":
                if !composite {
                    report(
                        .clientDirective,
                        "'@\(directive.name)' marks a field of object type; '\(field.responseKey)' is '\(definition.type)'",
                        at: directive.location, in: source)
                }
            case "deleteEdge", "deleteRecord":
                if named != "ID" {
                    report(
                        .clientDirective,
                        "'@\(directive.name)' marks a field of type ID or [ID]; '\(field.responseKey)' is '\(definition.type)'",
                        at: directive.location, in: source)
                } else if directive.name == "deleteRecord", directive.argument("typeName") == nil,
                    normalization.deletedRecordType(field: field.name, on: typeName) == nil
                {
                    // The plan would take the id for a whole key (`n1`), which no record has.
                    let fix = normalization.likelyDeletedRecordType(field: field.name) ?? "<Type>"
                    report(
                        .clientDirective,
                        "'@deleteRecord' on '\(field.responseKey)' deletes nothing without 'typeName:': records are keyed 'Type:id', and '\(field.responseKey)' is not the key field of an object type it is selected on ('\(typeName)'); write '@deleteRecord(typeName: \"\(fix)\")'",
                        at: directive.location, in: source)
                }
            case "catch":
                if composite {
                    report(
                        .clientDirective, "'@catch' is supported on leaf fields only: the lens runtime catches scalars",
                        at: directive.location, in: source)
                }
            case "required":
                if field.directives.contains(where: { $0.name == "catch" }) {
                    report(
                        .clientDirective, "a field cannot be both '@required' and '@catch'", at: directive.location,
                        in: source)
                }
            default: continue
            }
        }
    }
}
