/// An executable GraphQL document: its operations and fragments in source order.
///
/// A plain value: safe on any thread.
public struct Document: Sendable, Hashable {
    /// One top-level definition.
    public enum Definition: Sendable, Hashable {
        case operation(OperationDefinition)
        case fragment(FragmentDefinition)
    }

    /// The definitions in source order.
    public let definitions: [Definition]
    /// The operations in source order.
    public let operations: [OperationDefinition]
    /// The fragments by name; when a name is defined twice, the first definition.
    public let fragments: [String: FragmentDefinition]

    public init(definitions: [Definition]) {
        self.definitions = definitions
        var operations: [OperationDefinition] = []
        var fragments: [String: FragmentDefinition] = [:]
        for definition in definitions {
            switch definition {
            case .operation(let operation): operations.append(operation)
            case .fragment(let fragment): if fragments[fragment.name] == nil { fragments[fragment.name] = fragment }
            }
        }
        self.operations = operations
        self.fragments = fragments
    }

    /// Parses an executable document (operations and fragments only).
    public static func parse(_ source: String) throws(GraphQLSyntaxError) -> Document {
        var parser = try Parser(source)
        return try parser.parseExecutableDocument()
    }

    /// The operation named `name`; for nil, the document's only operation (nil when it has several).
    public func operation(named name: String?) -> OperationDefinition? {
        guard let name else { return operations.count == 1 ? operations[0] : nil }
        return operations.first { $0.name == name }
    }

    /// The fragments `operation` uses, directly or through other fragments, in source order.
    public func fragments(usedBy operation: OperationDefinition) -> [FragmentDefinition] {
        var used: Set<String> = []
        var pending = Document.spreadNames(in: operation.selectionSet)
        while let name = pending.popLast() {
            guard used.insert(name).inserted, let fragment = fragments[name] else { continue }
            pending.append(contentsOf: Document.spreadNames(in: fragment.selectionSet))
        }
        var seen: Set<String> = []
        return definitions.compactMap { definition in
            guard case .fragment(let fragment) = definition, used.contains(fragment.name),
                seen.insert(fragment.name).inserted
            else { return nil }
            return fragment
        }
    }

    /// The names of the fragments spread anywhere in `selections`, in order of appearance.
    static func spreadNames(in selections: [Selection]) -> [String] {
        var names: [String] = []
        func walk(_ selections: [Selection]) {
            for selection in selections {
                switch selection {
                case .field(let field): if let children = field.selectionSet { walk(children) }
                case .fragmentSpread(let spread): names.append(spread.name)
                case .inlineFragment(let fragment): walk(fragment.selectionSet)
                }
            }
        }
        walk(selections)
        return names
    }
}
