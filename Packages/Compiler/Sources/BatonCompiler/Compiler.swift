import BatonNormalize

/// GraphQL documents in, Swift out: parses the sources, validates them against the schema
/// (see ``ValidationRule``), and emits, per operation, a `GraphQLOperation` with its compact
/// document text, the SHA-256 of the text a server receives (its persisted-query hash), its
/// data lens, its typed `Variables` and, for a mutation, its typed `OptimisticResponse`; per
/// fragment, a lens; per enum the documents read or take, a `GraphQLEnum`; per input object
/// the variables reach, a `GraphQLInputValue`; and a table of the schema's identity and
/// possible types. Every selection set gains the key fields and the `__typename` the store
/// needs (see `KeyFieldSelector`).
///
/// Each operation also carries its `OperationTemplate` as data: its plan before variables,
/// resolved against the schema here, so the app parses no GraphQL and needs no schema at run
/// time (the runtime checks the lenses against the first plan made from it).
///
/// A value: safe on any thread.
public struct Compiler: Sendable {
    public let schema: CompilerSchema
    /// The name of the identity and possible-types table.
    public var schemaTypeName = "BatonSchema"

    public init(schema: CompilerSchema) {
        self.schema = schema
    }

    /// What a compile produced: the Swift source, or the errors that stopped it.
    public struct Output: Sendable {
        public var swift: String
        public var errors: [CompilerError]
        /// What the compile went on past (the schema's ``CompilerSchema/warnings``), with or
        /// without errors: print them, and fail nothing for them.
        public var warnings: [CompilerWarning] = []
        /// Field, spread and case descriptors and `on` accessors written.
        public var accessors: Int
        /// The bytes of `swift` before the line ``Compiler/tablesMark`` (and the blank line above it):
        /// the lenses, without the tables.
        public var codeBytes: Int = 0

        /// Bytes of lens code per accessor (0 without accessors).
        public var bytesPerAccessor: Int { accessors == 0 ? 0 : codeBytes / accessors }
    }

    /// Compiles every source together (a fragment may be spread from any of them).
    public func compile(_ sources: [GraphQLSource]) -> Output {
        var output = compiled(sources)
        output.warnings = schema.warnings
        return output
    }

    private func compiled(_ sources: [GraphQLSource]) -> Output {
        let (documents, syntaxErrors) = DocumentSet.parse(sources)
        if !syntaxErrors.isEmpty { return Output(swift: "", errors: syntaxErrors, accessors: 0) }
        let errors = Validator.errors(in: documents, schema: schema.schema, keyFields: schema.configuration.keyFields)
        if !errors.isEmpty { return Output(swift: "", errors: errors, accessors: 0) }
        return generate(KeyFieldSelector(schema: schema).apply(to: documents))
    }

    private func generate(_ documents: DocumentSet) -> Output {
        let graph = schema.schema
        var errors: [CompilerError] = []
        var global = NameScope(reserved: SwiftNames.reservedTypes.union(SwiftNames.keywords))
        var claimed: Set<String> = []
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
        var operationTypes: [String] = []
        var fragmentTypes: [String: String] = [:]
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
        if !errors.isEmpty { return Output(swift: "", errors: errors, accessors: 0) }
        var enumNames: [String: String] = [:]
        for type in graph.types.values.sorted(by: { $0.name < $1.name }) where type.kind == .enumeration {
            enumNames[type.name] = global.claim(type.name)
        }
        // The input objects the operations' variables reach, and the enums those use.
        var inputTypes: Set<String> = []
        var variableEnums: Set<String> = []
        func reach(_ type: TypeReference) {
            guard let named = graph.types[type.namedType] else { return }
            if named.kind == .enumeration { variableEnums.insert(named.name) }
            guard named.kind == .inputObject, inputTypes.insert(named.name).inserted else { return }
            for field in named.inputFields { reach(field.type) }
        }
        for entry in documents.entries {
            if case .operation(let operation) = entry.definition {
                for variable in operation.variableDefinitions { reach(variable.type) }
            }
        }
        var inputNames: [String: String] = [:]
        for name in inputTypes.sorted() { inputNames[name] = global.claim(name) }
        var globalNames = Set(operationTypes).union(fragmentTypes.values).union(enumNames.values).union(
            inputNames.values
        )
        .union([schemaTypeName])
        for swiftType in schema.configuration.customScalars.values {
            if let module = swiftType.split(separator: ".").first { globalNames.insert(String(module)) }
        }
        let types = TypeMapper(schema: schema, enumNames: enumNames, inputNames: inputNames)
        let optimistic = OptimisticResponseEmitter(schema: schema, types: types, globalNames: globalNames)
        let builder = LensBuilder(
            schema: graph, types: types, document: documents.document,
            fragmentTypes: fragmentTypes, globalNames: globalNames)

        var writer = SwiftWriter()
        var accessors = 0
        var models: [LensModel] = []
        writer.line("// Generated by baton-compile. Do not edit.")
        writer.line("import BatonLens")
        let modules = Set(
            schema.configuration.customScalars.values.compactMap {
                $0.contains(".") ? $0.split(separator: ".").first.map(String.init) : nil
            })
        for module in modules.sorted() { writer.line("import \(module)") }
        var operationIndex = 0
        var tables = SwiftWriter()
        for entry in documents.entries {
            writer.line()
            switch entry.definition {
            case .operation(let operation):
                let typeName = operationTypes[operationIndex]
                operationIndex += 1
                let root = graph.rootTypeName(for: operation.kind) ?? "Query"
                var data = builder.build("Data", on: root, selections: operation.selectionSet)
                data.throwsOnFieldError = operation.directives.contains { $0.name == "throwOnFieldError" }
                models.append(data)
                let wire = documents.document.wireText(for: operation)
                let text = documents.document.compactText(for: operation)
                let template: OperationTemplate
                do {
                    template = try self.template(of: operation, in: documents.document)
                } catch {
                    errors.append(
                        entry.source.invalid(
                            .operationName, "cannot plan the operation: \(error)", at: operation.location))
                    continue
                }
                // The root lens's nested lenses sit beside it: `CharacterQuery.Character`.
                writer.block("extension \(typeName)") { writer in
                    LensEmitter.write(data, to: &writer, accessors: &accessors, nesting: false)
                    for child in data.children { LensEmitter.write(child, to: &writer, accessors: &accessors) }
                }
                tables.line()
                let typed = !operation.variableDefinitions.isEmpty
                let mutation = operation.kind == .mutation
                let conformances =
                    [typed ? "TypedVariablesOperation" : "GraphQLOperation"]
                    + (mutation ? ["OptimisticResponseOperation"] : [])
                tables.block("enum \(typeName): \(conformances.joined(separator: ", "))") { writer in
                    writer.line("static let document = \(SwiftNames.literal(text))")
                    writer.line("static let persistedQueryHash = \"\(SHA256.hexDigest(wire))\"")
                    PlanEmitter.write(template, documentText: text, to: &writer)
                    if typed {
                        VariablesEmitter.writeVariables(operation.variableDefinitions, types: types, to: &writer)
                    }
                    if mutation { optimistic.write(template, to: &writer) }
                }
            case .fragment(let fragment):
                var lens = builder.build(
                    fragmentTypes[fragment.name] ?? fragment.name, on: fragment.typeCondition,
                    selections: fragment.selectionSet)
                lens.throwsOnFieldError = fragment.directives.contains { $0.name == "throwOnFieldError" }
                models.append(lens)
                LensEmitter.write(lens, to: &writer, accessors: &accessors)
            }
        }
        if !errors.isEmpty { return Output(swift: "", errors: errors, accessors: 0) }
        var usedEnums: Set<String> = []
        var abstractTypes: Set<String> = []
        func scan(_ model: LensModel) {
            for field in model.fields {
                if let leaf = field.leafType, enumNames[leaf] != nil { usedEnums.insert(leaf) }
            }
            if graph.isAbstract(model.typeCondition) { abstractTypes.insert(model.typeCondition) }
            model.children.forEach(scan)
        }
        models.forEach(scan)
        usedEnums.formUnion(variableEnums)
        for name in usedEnums.sorted() {
            guard let type = graph.types[name], let swiftName = enumNames[name] else { continue }
            tables.line()
            EnumEmitter.write(type, as: swiftName, to: &tables)
        }
        for name in inputTypes.sorted() {
            guard let type = graph.types[name], let swiftName = inputNames[name] else { continue }
            tables.line()
            VariablesEmitter.writeInputObject(
                type, as: swiftName, recursive: Self.holdsItself(name, in: graph), types: types, to: &tables)
        }
        tables.line()
        writeSchemaTable(abstractTypes: abstractTypes, to: &tables)
        let code = writer.text.utf8.count
        writer.line()
        writer.line(Self.tablesMark)
        return Output(swift: writer.text + tables.text, errors: [], accessors: accessors, codeBytes: code)
    }

    /// Whether the input object `name` reaches itself through fields that are not lists.
    private static func holdsItself(_ name: String, in schema: GraphQLSchema) -> Bool {
        var seen: Set<String> = []
        func reaches(_ current: String) -> Bool {
            guard let type = schema.types[current] else { return false }
            for field in type.inputFields {
                guard case .named(let next) = field.type.nullable, schema.types[next]?.kind == .inputObject else {
                    continue
                }
                if next == name { return true }
                if seen.insert(next).inserted, reaches(next) { return true }
            }
            return false
        }
        return reaches(name)
    }

    /// The line between the lenses and the tables: documents, hashes, plans, variables, enums,
    /// input objects, identity.
    public static let tablesMark =
        "// MARK: - Tables: each operation's document, persisted-query hash (SHA-256 of the text sent, without client directives), plan template, typed variables and optimistic response; enums; input objects; identity"

    /// The template of `operation`, planned alone with the fragments it uses, against the schema.
    private func template(of operation: OperationDefinition, in document: Document) throws(PlanError)
        -> OperationTemplate
    {
        let alone = Document(
            definitions: [.operation(operation)] + document.fragments(usedBy: operation).map { .fragment($0) })
        // The configuration's key fields decide a `@deleteRecord` without `typeName:`, as in validation.
        let normalization = Normalization(
            schema: schema.schema, cacheKeys: CacheKeyPolicy(keyFields: schema.configuration.keyFields))
        return try OperationTemplate(document: alone, normalization: normalization)
    }

    /// The identity (key fields per type, from the configuration; `id` otherwise) and the
    /// possible types of the abstract types the documents read, for the store's policies.
    private func writeSchemaTable(abstractTypes: Set<String>, to writer: inout SwiftWriter) {
        writer.line(
            "/// Identity from the configuration (other types: `id`) and the possible types of the abstract types read,"
        )
        writer.line(
            "/// and the store's `normalization` they make (the operations' templates carry the rest of the schema).")
        writer.block("enum \(schemaTypeName)") { writer in
            let keys = schema.configuration.keyFields.sorted { $0.key < $1.key }
            if keys.isEmpty {
                writer.line("static let keyFields: [String: [String]] = [:]")
            } else {
                writer.line("static let keyFields: [String: [String]] = [")
                for (type, fields) in keys {
                    writer.line(
                        "  \(SwiftNames.literal(type)): [\(fields.map(SwiftNames.literal).joined(separator: ", "))],")
                }
                writer.line("]")
            }
            if abstractTypes.isEmpty {
                writer.line("static let possibleTypes: [String: Set<String>] = [:]")
            } else {
                writer.line("static let possibleTypes: [String: Set<String>] = [")
                for type in abstractTypes.sorted() {
                    let possible = schema.schema.possibleTypes(type).sorted().map(SwiftNames.literal).joined(
                        separator: ", ")
                    writer.line("  \(SwiftNames.literal(type)): [\(possible)],")
                }
                writer.line("]")
            }
            writer.line("static let cacheKeys = CacheKeyPolicy(keyFields: keyFields)")
            writer.line("static let normalization = Normalization(possibleTypes: possibleTypes, cacheKeys: cacheKeys)")
            writer.line(
                "/// The SHA-256 of the schema's text: a version for the image, so a new schema starts a new file.")
            writer.line("static let schemaDigest = \"\(SHA256.hexDigest(schema.sdl))\"")
        }
    }
}
