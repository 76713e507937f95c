import BatonNormalize

/// The top-level Swift names of one compile's output. The documents' definitions claim theirs
/// first, as written (an operation's with its kind: `Character` + `Query`), so a name taken
/// twice or by Swift or Baton is an error at the definition; the schema's enums and the input
/// objects the variables reach then take free names (a trailing `_` until free).
///
/// A value made and read on one thread for one compile.
struct GeneratedNames {
    /// The operations' types, in the order of their definitions.
    private(set) var operationTypes: [String] = []
    /// The fragments' lenses, by fragment name.
    private(set) var fragmentTypes: [String: String] = [:]
    /// Every enum of the schema, by GraphQL name.
    private(set) var enumNames: [String: String] = [:]
    /// The input objects the operations' variables reach, by GraphQL name.
    private(set) var inputNames: [String: String] = [:]
    /// The input objects the operations' variables reach.
    private(set) var inputTypes: Set<String> = []
    /// The enums the variables reach, directly or through input objects.
    private(set) var variableEnums: Set<String> = []
    private var global = NameScope(reserved: SwiftNames.reservedTypes.union(SwiftNames.keywords))
    private var claimed: Set<String> = []

    /// The names of `documents`' definitions and of the schema types they reach; the errors
    /// of the definitions whose names clash, which stop the compile.
    init(documents: DocumentSet, schema: GraphQLSchema, schemaTypeName: String, errors: inout [CompilerError]) {
        errors += claimDefinitions(documents, schemaTypeName: schemaTypeName)
        guard errors.isEmpty else { return }
        nameSchemaTypes(reachedBy: documents, in: schema)
    }

    /// Every top-level name the output declares or imports, which nested names must not shadow.
    func globalNames(schemaTypeName: String, customScalars: some Sequence<String>) -> Set<String> {
        var names = Set(operationTypes).union(fragmentTypes.values).union(enumNames.values).union(inputNames.values)
            .union([schemaTypeName])
        for swiftType in customScalars {
            if let module = swiftType.split(separator: ".").first { names.insert(String(module)) }
        }
        return names
    }

    private mutating func claimDefinitions(_ documents: DocumentSet, schemaTypeName: String) -> [CompilerError] {
        var errors: [CompilerError] = []
        func claim(_ name: String, at location: SourceLocation, in source: GraphQLSource) -> String {
            if SwiftNames.reservedTypes.contains(name) || SwiftNames.keywords.contains(name)
                || !claimed.insert(name).inserted
            {
                errors.append(
                    source.invalid(
                        .operationName,
                        "'\(name)' is already a Swift, Baton or generated type name: rename the definition",
                        at: location))
            }
            global.reserve(name)
            return name
        }
        _ = claim(schemaTypeName, at: SourceLocation(line: 1, column: 1), in: GraphQLSource(file: "", text: ""))
        for entry in documents.entries {
            switch entry.definition {
            case .operation(let operation):
                let name = operation.name ?? "Anonymous"
                let suffix = operation.kind.rawValue.prefix(1).uppercased() + operation.kind.rawValue.dropFirst()
                operationTypes.append(
                    claim(name.hasSuffix(suffix) ? name : name + suffix, at: operation.location, in: entry.source))
            case .fragment(let fragment):
                fragmentTypes[fragment.name] = claim(fragment.name, at: fragment.location, in: entry.source)
            }
        }
        return errors
    }

    /// Every enum of the schema, in name order; then the input objects the variables reach.
    private mutating func nameSchemaTypes(reachedBy documents: DocumentSet, in schema: GraphQLSchema) {
        for type in schema.types.values.sorted(by: { $0.name < $1.name }) where type.kind == .enumeration {
            enumNames[type.name] = global.claim(type.name)
        }
        func reach(_ type: TypeReference) {
            guard let named = schema.types[type.namedType] else { return }
            if named.kind == .enumeration { variableEnums.insert(named.name) }
            guard named.kind == .inputObject, inputTypes.insert(named.name).inserted else { return }
            for field in named.inputFields { reach(field.type) }
        }
        for entry in documents.entries {
            if case .operation(let operation) = entry.definition {
                for variable in operation.variableDefinitions { reach(variable.type) }
            }
        }
        for name in inputTypes.sorted() { inputNames[name] = global.claim(name) }
    }
}
