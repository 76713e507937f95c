import BatonNormalize

extension Compiler {
    /// Each fragment's `Payload` and `selection` (its template), by fragment name, as text at
    /// depth 0, written into `emitter` (so the positions written after take a fragment's type
    /// where they have its shape) and `selections` (so the templates written after name a
    /// fragment's where they hold its data); the errors of the fragments that cannot be
    /// planned, at their definitions.
    ///
    /// A fragment is planned alone, as a spread of it on its type condition
    /// (`SelectionTemplate.fragment`), and written after the fragments it spreads.
    func fragmentPayloads(
        _ documents: DocumentSet, lenses: [String: String], into emitter: inout PayloadEmitter,
        selections: inout [String: String], errors: inout [CompilerError]
    ) -> [String: String] {
        let document = documents.document
        // A fragment's payload writes its fields under its arguments' defaults.
        let written = document.applyingFragmentArgumentDefaults()
        var sources: [String: GraphQLSource] = [:]
        for entry in documents.entries {
            if case .fragment(let fragment) = entry.definition, sources[fragment.name] == nil {
                sources[fragment.name] = entry.source
            }
        }
        var payloads: [String: String] = [:]
        var visited: Set<String> = []
        func visit(_ fragment: FragmentDefinition) {
            guard visited.insert(fragment.name).inserted else { return }
            for name in Self.spreadNames(in: fragment.selectionSet) {
                if let spread = document.fragments[name] { visit(spread) }
            }
            do {
                let selection = try SelectionTemplate.fragment(
                    fragment.name, in: written, normalization: normalization)
                let lens = lenses[fragment.name] ?? fragment.name
                var writer = SwiftWriter()
                writer.lines(of: emitter.fragment(lens, selection, on: fragment.typeCondition))
                PlanEmitter.writeFragment(selection, as: "\(lens).selection", shared: &selections, to: &writer)
                payloads[fragment.name] = writer.text
            } catch {
                guard let source = sources[fragment.name] else { return }
                errors.append(
                    source.invalid(.operationName, "cannot plan the fragment: \(error)", at: fragment.location))
            }
        }
        for entry in documents.entries {
            if case .fragment(let fragment) = entry.definition { visit(fragment) }
        }
        return payloads
    }

    /// The schema the templates are planned against; the configuration's key fields decide a
    /// `@deleteRecord` without `typeName:`, as in validation.
    var normalization: Normalization {
        Normalization(schema: schema.schema, cacheKeys: CacheKeyPolicy(keyFields: schema.configuration.keyFields))
    }

    /// The names of the fragments spread in `selections`, nested selections included, in order.
    private static func spreadNames(in selections: [Selection]) -> [String] {
        selections.flatMap { selection -> [String] in
            switch selection {
            case .field(let field): spreadNames(in: field.selectionSet ?? [])
            case .inlineFragment(let inline): spreadNames(in: inline.selectionSet)
            case .fragmentSpread(let spread): [spread.name]
            }
        }
    }
}
