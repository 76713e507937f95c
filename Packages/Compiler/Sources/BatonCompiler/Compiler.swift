import BatonNormalize

/// GraphQL documents in, Swift out: parses the sources, validates them against the schema
/// (see ``ValidationRule``), and emits, per operation, a `GraphQLOperation` with its compact
/// document text, the SHA-256 of the text a server receives (its persisted-query hash) and
/// its data lens; per fragment, a lens; per enum the documents read, a `GraphQLEnum`; and a
/// table of the schema's identity and possible types. Every selection set gains the key
/// fields and the `__typename` the store needs (see `KeyFieldSelector`).
///
/// Each operation also carries its ``OperationTemplate`` as data: its plan before variables,
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
        /// Field descriptors, fragment accessors and `on` accessors written.
        public var accessors: Int
        /// Bytes of `swift` that are data tables (the operations' templates and the schema's
        /// identity table), not lens code.
        public var dataBytes = 0

        /// Bytes of lens code per accessor: what a reader of the generated code pays a field.
        public var bytesPerAccessor: Int {
            accessors == 0 ? 0 : (swift.utf8.count - dataBytes) / accessors
        }
    }

    /// Compiles every source together (a fragment may be spread from any of them).
    public func compile(_ sources: [GraphQLSource]) -> Output {
        let (documents, syntaxErrors) = DocumentSet.parse(sources)
        if !syntaxErrors.isEmpty { return Output(swift: "", errors: syntaxErrors, accessors: 0) }
        let errors = Validator.errors(in: documents, schema: schema.schema)
        if !errors.isEmpty { return Output(swift: "", errors: errors, accessors: 0) }
        return generate(KeyFieldSelector(schema: schema).apply(to: documents))
    }

    private func generate(_ documents: DocumentSet) -> Output {
        let graph = schema.schema
        var errors: [CompilerError] = []
        var global = NameScope(reserved: SwiftNames.reservedTypes.union(SwiftNames.keywords).union([SpreadEmitter.typeName]))
        var claimed: Set<String> = []
        func claim(_ name: String, at location: SourceLocation, in source: GraphQLSource) -> String {
            if SwiftNames.reservedTypes.contains(name) || name == SpreadEmitter.typeName || SwiftNames.keywords.contains(name) || !claimed.insert(name).inserted {
                errors.append(source.invalid(.operationName, "'\(name)' is already a Swift, Baton or generated type name: rename the definition", at: location))
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
                operationTypes.append(claim(name.hasSuffix(suffix) ? name : name + suffix, at: operation.location, in: entry.source))
            case .fragment(let fragment):
                fragmentTypes[fragment.name] = claim(fragment.name, at: fragment.location, in: entry.source)
            }
        }
        if !errors.isEmpty { return Output(swift: "", errors: errors, accessors: 0) }
        var enumNames: [String: String] = [:]
        for type in graph.types.values.sorted(by: { $0.name < $1.name }) where type.kind == .enumeration {
            enumNames[type.name] = global.claim(type.name)
        }
        var globalNames = Set(operationTypes).union(fragmentTypes.values).union(enumNames.values).union([schemaTypeName])
        for swiftType in schema.configuration.customScalars.values {
            if let module = swiftType.split(separator: ".").first { globalNames.insert(String(module)) }
        }
        let builder = LensBuilder(
            schema: graph, types: TypeMapper(schema: schema, enumNames: enumNames), document: documents.document,
            fragmentTypes: fragmentTypes, globalNames: globalNames)

        var writer = SwiftWriter()
        var accessors = 0
        var dataBytes = 0
        var models: [LensModel] = []
        writer.line("// Generated by baton-compile from the GraphQL documents. Do not edit.")
        writer.line("// An operation's persistedQueryHash is the SHA-256 of the text sent: its document without client directives.")
        writer.line("import BatonLens")
        let modules = Set(schema.configuration.customScalars.values.compactMap { $0.contains(".") ? $0.split(separator: ".").first.map(String.init) : nil })
        for module in modules.sorted() { writer.line("import \(module)") }
        var operationIndex = 0
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
                    errors.append(entry.source.invalid(.operationName, "cannot plan the operation: \(error)", at: operation.location))
                    continue
                }
                writer.block("enum \(typeName): GraphQLOperation") { writer in
                    writer.line("static let document = \(SwiftNames.literal(text))")
                    writer.line("static let persistedQueryHash = \"\(SHA256.hexDigest(wire))\"")
                    let before = writer.text.utf8.count
                    PlanEmitter.write(template, documentText: text, to: &writer)
                    dataBytes += writer.text.utf8.count - before
                    LensEmitter.write(data, to: &writer, accessors: &accessors)
                }
            case .fragment(let fragment):
                var lens = builder.build(fragmentTypes[fragment.name] ?? fragment.name, on: fragment.typeCondition, selections: fragment.selectionSet)
                lens.throwsOnFieldError = fragment.directives.contains { $0.name == "throwOnFieldError" }
                models.append(lens)
                LensEmitter.write(lens, to: &writer, accessors: &accessors)
            }
        }
        if !errors.isEmpty { return Output(swift: "", errors: errors, accessors: 0) }
        var usedEnums: Set<String> = []
        var abstractTypes: Set<String> = []
        func scan(_ model: LensModel) {
            for field in model.fields { if let leaf = field.leafType, enumNames[leaf] != nil { usedEnums.insert(leaf) } }
            if graph.isAbstract(model.typeCondition) { abstractTypes.insert(model.typeCondition) }
            model.children.forEach(scan)
        }
        models.forEach(scan)
        for name in usedEnums.sorted() {
            guard let type = graph.types[name], let swiftName = enumNames[name] else { continue }
            writer.line()
            EnumEmitter.write(type, as: swiftName, to: &writer)
        }
        if models.contains(where: Self.usesSpreads) {
            writer.line()
            SpreadEmitter.write(to: &writer)
        }
        writer.line()
        let before = writer.text.utf8.count
        writeSchemaTable(abstractTypes: abstractTypes, to: &writer)
        dataBytes += writer.text.utf8.count - before
        return Output(swift: writer.text, errors: [], accessors: accessors, dataBytes: dataBytes)
    }

    /// The template of `operation`, planned alone with the fragments it uses, against the schema.
    private func template(of operation: OperationDefinition, in document: Document) throws(PlanError) -> OperationTemplate {
        let alone = Document(definitions: [.operation(operation)] + document.fragments(usedBy: operation).map { .fragment($0) })
        return try OperationTemplate(document: alone, normalization: Normalization(schema: schema.schema))
    }

    private static func usesSpreads(_ model: LensModel) -> Bool {
        !model.spreads.isEmpty || !model.cases.isEmpty || model.children.contains(where: usesSpreads)
    }

    /// The identity (key fields per type, from the configuration; `id` otherwise) and the
    /// possible types of the abstract types the documents read, for the store's policies.
    private func writeSchemaTable(abstractTypes: Set<String>, to writer: inout SwiftWriter) {
        writer.line("/// Identity from the configuration (other types: `id`) and the possible types of the abstract types read,")
        writer.line("/// and the store's `normalization` they make (the operations' templates carry the rest of the schema).")
        writer.block("enum \(schemaTypeName)") { writer in
            let keys = schema.configuration.keyFields.sorted { $0.key < $1.key }
            if keys.isEmpty {
                writer.line("static let keyFields: [String: [String]] = [:]")
            } else {
                writer.line("static let keyFields: [String: [String]] = [")
                for (type, fields) in keys {
                    writer.line("  \(SwiftNames.literal(type)): [\(fields.map(SwiftNames.literal).joined(separator: ", "))],")
                }
                writer.line("]")
            }
            if abstractTypes.isEmpty {
                writer.line("static let possibleTypes: [String: Set<String>] = [:]")
            } else {
                writer.line("static let possibleTypes: [String: Set<String>] = [")
                for type in abstractTypes.sorted() {
                    let possible = schema.schema.possibleTypes(type).sorted().map(SwiftNames.literal).joined(separator: ", ")
                    writer.line("  \(SwiftNames.literal(type)): [\(possible)],")
                }
                writer.line("]")
            }
            writer.line("static let cacheKeys = CacheKeyPolicy(keyFields: keyFields)")
            writer.line("static let normalization = Normalization(possibleTypes: possibleTypes, cacheKeys: cacheKeys)")
        }
    }
}
