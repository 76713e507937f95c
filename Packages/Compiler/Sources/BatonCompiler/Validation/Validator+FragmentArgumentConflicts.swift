import BatonNormalize

extension Validator {
    /// A fragment spread twice on one object with different arguments: once the arguments
    /// are applied, the two copies select the same fields with other arguments under the
    /// same response keys, which no server merges (§5.3.2). Reported at the later spread.
    mutating func checkFragmentArgumentConflicts(of operation: OperationDefinition, in source: GraphQLSource) {
        guard documents.document.usesFragmentArguments else { return }
        let (applied, document) = documents.document.applyingFragmentArguments(to: operation)
        var reported: Set<SourceLocation> = []
        var visited: Set<String> = []
        walk(applied.selectionSet, in: source, document: document, reported: &reported, visited: &visited)
        // Any other conflict the values make (`notes(first: $count)` beside a spread passing
        // `count: 3`): §5.3.2 over what is sent, when nothing else is wrong.
        guard errors.isEmpty, let root = schema.rootTypeName(for: operation.kind) else { return }
        var entries = [DocumentSet.Entry(definition: .operation(applied), source: source)]
        for case .fragment(let fragment) in document.definitions {
            entries.append(
                DocumentSet.Entry(
                    definition: .fragment(fragment),
                    source: documents.source(ofFragment: original(of: fragment.name)) ?? source))
        }
        var sent = Validator(schema: schema, documents: DocumentSet(entries: entries))
        var merged: Set<String> = []
        sent.checkMergingEverywhere(applied.selectionSet, on: root, in: source, merged: &merged)
        var seen: Set<String> = []
        errors += sent.errors.filter { $0.rule == .fieldMerging && seen.insert($0.description).inserted }
    }

    /// ``checkMerging(_:on:in:)`` for `selections` and every selection set under them,
    /// following each fragment once (`merged`).
    private mutating func checkMergingEverywhere(
        _ selections: [Selection], on typeName: String, in source: GraphQLSource, merged: inout Set<String>
    ) {
        checkMerging(selections, on: typeName, in: source)
        for selection in selections {
            switch selection {
            case .field(let field):
                guard let children = field.selectionSet,
                    let type = schema.field(field.name, on: typeName)?.type.namedType
                else { continue }
                checkMergingEverywhere(children, on: type, in: source, merged: &merged)
            case .inlineFragment(let inline):
                checkMergingEverywhere(
                    inline.selectionSet, on: inline.typeCondition ?? typeName, in: source, merged: &merged)
            case .fragmentSpread(let spread):
                guard merged.insert(spread.name).inserted, let fragment = documents.document.fragments[spread.name]
                else { continue }
                checkMergingEverywhere(
                    fragment.selectionSet, on: fragment.typeCondition,
                    in: documents.source(ofFragment: spread.name) ?? source, merged: &merged)
            }
        }
    }

    /// The fragment a copy was made from: its own name, or the name before `_` and 8 hex digits.
    private func original(of copy: String) -> String {
        if documents.document.fragments[copy] != nil || copy.count < 10 { return copy }
        return String(copy.dropLast(9))
    }

    private mutating func walk(
        _ selections: [Selection], in source: GraphQLSource, document: Document, reported: inout Set<SourceLocation>,
        visited: inout Set<String>
    ) {
        var copies: [String: String] = [:]
        var spreadHere: Set<String> = []
        func collect(_ selections: [Selection], in source: GraphQLSource) {
            for selection in selections {
                switch selection {
                case .field: continue
                case .inlineFragment(let inline): collect(inline.selectionSet, in: source)
                case .fragmentSpread(let spread):
                    let name = original(of: spread.name)
                    if let first = copies[name], first != spread.name, reported.insert(spread.location).inserted {
                        report(
                            .fieldMerging,
                            "fragment '\(name)' is spread on one object with different arguments: its fields would be selected twice with other arguments; pass the same @arguments, or spread it under another field",
                            at: spread.location, in: source)
                    }
                    copies[name] = copies[name] ?? spread.name
                    guard spreadHere.insert(spread.name).inserted, let fragment = document.fragments[spread.name] else {
                        continue
                    }
                    collect(fragment.selectionSet, in: documents.source(ofFragment: name) ?? source)
                }
            }
        }
        collect(selections, in: source)
        func children(_ selections: [Selection], in source: GraphQLSource) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    if let nested = field.selectionSet {
                        walk(nested, in: source, document: document, reported: &reported, visited: &visited)
                    }
                case .inlineFragment(let inline): children(inline.selectionSet, in: source)
                case .fragmentSpread(let spread):
                    guard visited.insert(spread.name).inserted, let fragment = document.fragments[spread.name] else {
                        continue
                    }
                    children(
                        fragment.selectionSet, in: documents.source(ofFragment: original(of: spread.name)) ?? source)
                }
            }
        }
        children(selections, in: source)
    }
}
