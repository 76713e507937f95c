extension Document {
    /// Relay's directive declaring a fragment's arguments: client-only, never sent.
    public static let argumentDefinitionsDirective = "argumentDefinitions"
    /// Relay's directive passing a spread's arguments: client-only, never sent.
    public static let argumentsDirective = "arguments"

    /// Whether some fragment declares arguments or some spread passes them.
    public var usesFragmentArguments: Bool {
        definitions.contains { definition in
            if case .fragment(let fragment) = definition, !fragment.argumentDefinitions.isEmpty { return true }
            return Document.spreads(in: definition.selectionSet).contains { spread in
                spread.directives.contains { $0.name == Self.argumentsDirective }
            }
        }
    }

    /// `operation` and the fragments it uses with every fragment argument applied: each spread
    /// of a fragment that declares arguments names a copy of it made for the values that
    /// spread passes (its defaults for those left out), in which each local variable is
    /// replaced by its value. A local variable with no value leaves its argument (or input
    /// object field) out, as an absent variable would. The copy made for the defaults keeps the
    /// fragment's name; one made for other values is named `Name_` and 8 hex digits of the
    /// SHA-256 of the values. `@argumentDefinitions` and `@arguments` are gone; variables not
    /// declared by a fragment stay the operation's.
    ///
    /// What is planned and what is sent are both made from the result, so the storage key of
    /// a field taking a fragment argument (`characters(page:2)`) is the one the server's
    /// answer is written under. Without fragment arguments, the document is returned as is.
    public func applyingFragmentArguments(to operation: OperationDefinition) -> (
        operation: OperationDefinition, document: Document
    ) {
        guard usesFragmentArguments else { return (operation, self) }
        var inliner = FragmentArgumentInliner(document: self)
        var applied = operation
        applied.directives = inliner.directives(operation.directives, in: [:])
        applied.selectionSet = inliner.selections(operation.selectionSet, in: [:])
        return (applied, Document(definitions: [.operation(applied)] + inliner.fragments.map { .fragment($0) }))
    }

    /// The document's fragments, each as a spread without `@arguments` reads it: under its
    /// arguments' defaults (an argument without one left out), keeping its name, beside the
    /// copies the fragments it spreads with arguments need. What a fragment's payload writes.
    public func applyingFragmentArgumentDefaults() -> Document {
        guard usesFragmentArguments else { return self }
        var inliner = FragmentArgumentInliner(document: self)
        for case .fragment(let fragment) in definitions {
            _ = inliner.spread(FragmentSpread(name: fragment.name, location: fragment.location), in: [:])
        }
        return Document(definitions: inliner.fragments.map { .fragment($0) })
    }
}

/// Makes the copies of fragments that fragment arguments call for (see
/// `Document.applyingFragmentArguments(to:)`). A value used on one thread for one document.
struct FragmentArgumentInliner {
    let document: Document
    /// Each local variable of the fragment being copied, with its value (nil: none given).
    typealias Scope = [String: InputValue?]

    private var made: [String: FragmentDefinition] = [:]
    /// Each copy's name with its source fragment's position and the order it was made in.
    private var order: [(name: String, source: Int, made: Int)] = []
    private let positions: [String: Int]

    init(document: Document) {
        self.document = document
        var positions: [String: Int] = [:]
        for (index, definition) in document.definitions.enumerated() {
            if case .fragment(let fragment) = definition, positions[fragment.name] == nil {
                positions[fragment.name] = index
            }
        }
        self.positions = positions
    }

    /// The copies made, in the source order of their fragments, then in the order made.
    var fragments: [FragmentDefinition] {
        order.sorted { ($0.source, $0.made) < ($1.source, $1.made) }.compactMap { made[$0.name] }
    }

    mutating func selections(_ selections: [Selection], in scope: Scope) -> [Selection] {
        selections.map { selection in
            switch selection {
            case .field(var field):
                field.arguments = arguments(field.arguments, in: scope)
                field.directives = directives(field.directives, in: scope)
                if let children = field.selectionSet { field.selectionSet = self.selections(children, in: scope) }
                return .field(field)
            case .inlineFragment(var inline):
                inline.directives = directives(inline.directives, in: scope)
                inline.selectionSet = self.selections(inline.selectionSet, in: scope)
                return .inlineFragment(inline)
            case .fragmentSpread(let spread):
                return .fragmentSpread(self.spread(spread, in: scope))
            }
        }
    }

    /// `spread` naming the copy of its fragment for the values it passes (made when new).
    mutating func spread(_ spread: FragmentSpread, in scope: Scope) -> FragmentSpread {
        var applied = spread
        applied.directives = directives(
            spread.directives.filter { $0.name != Document.argumentsDirective }, in: scope)
        guard let fragment = document.fragments[spread.name] else { return applied }
        let definitions = fragment.argumentDefinitions
        var bindings: Scope = [:]
        let given = spread.fragmentArguments
        for definition in definitions {
            let passed = given.first { $0.name == definition.name }.flatMap { value($0.value, in: scope) }
            bindings.updateValue(passed ?? definition.defaultValue, forKey: definition.name)
        }
        func key(_ values: (FragmentArgumentDefinition) -> InputValue?) -> String {
            definitions.sorted { $0.name < $1.name }.compactMap { definition in
                values(definition).map { "\(definition.name):\($0.compactText)" }
            }.joined(separator: ",")
        }
        let valuesKey = key { bindings[$0.name] ?? nil }
        let name =
            valuesKey == key(\.defaultValue)
            ? fragment.name : "\(fragment.name)_\(SHA256.hexDigest(valuesKey).prefix(8))"
        applied.name = name
        guard made[name] == nil else { return applied }
        // Set before the selections: a spread cycle (an invalid document) ends here.
        made[name] = fragment
        order.append((name, positions[fragment.name] ?? 0, order.count))
        var copy = fragment
        copy.name = name
        copy.directives = directives(
            fragment.directives.filter { $0.name != Document.argumentDefinitionsDirective }, in: bindings)
        copy.selectionSet = selections(fragment.selectionSet, in: bindings)
        made[name] = copy
        return applied
    }

    mutating func directives(_ directives: [Directive], in scope: Scope) -> [Directive] {
        guard !scope.isEmpty else { return directives }
        return directives.map { directive in
            var applied = directive
            applied.arguments = arguments(directive.arguments, in: scope)
            return applied
        }
    }

    private func arguments(_ arguments: [Argument], in scope: Scope) -> [Argument] {
        guard !scope.isEmpty else { return arguments }
        return arguments.compactMap { argument in
            value(argument.value, in: scope).map { Argument(name: argument.name, value: $0) }
        }
    }

    /// `value` with the local variables of `scope` replaced; nil when it is a local variable
    /// without a value. A list item without one is null; an object field without one is left out.
    private func value(_ value: InputValue, in scope: Scope) -> InputValue? {
        switch value {
        case .variable(let name):
            guard let bound = scope[name] else { return value }
            return bound
        case .list(let items):
            return .list(items.map { self.value($0, in: scope) ?? .null })
        case .object(let fields):
            return .object(fields.compactMap { field in self.value(field.value, in: scope).map { (field.name, $0) } })
        default:
            return value
        }
    }
}
