import BatonNormalize

extension Compiler {
    /// Below the operations' tables: the enums the lenses read or the variables take, the
    /// input objects the variables reach, and the schema table (with the schema `document` reads).
    func writeTables(
        _ names: GeneratedNames, models: [LensModel], types: TypeMapper, document: Document,
        to tables: inout SwiftWriter
    ) {
        let graph = schema.schema
        var usedEnums: Set<String> = []
        var abstractTypes: Set<String> = []
        func scan(_ model: LensModel) {
            for field in model.fields {
                if let leaf = field.leafType, names.enumNames[leaf] != nil { usedEnums.insert(leaf) }
            }
            if graph.isAbstract(model.typeCondition) { abstractTypes.insert(model.typeCondition) }
            model.children.forEach(scan)
        }
        models.forEach(scan)
        usedEnums.formUnion(names.variableEnums)
        for name in usedEnums.sorted() {
            guard let type = graph.types[name], let swiftName = names.enumNames[name] else { continue }
            tables.line()
            EnumEmitter.write(type, as: swiftName, to: &tables)
        }
        for name in names.inputTypes.sorted() {
            guard let type = graph.types[name], let swiftName = names.inputNames[name] else { continue }
            tables.line()
            VariablesEmitter.writeInputObject(
                type, as: swiftName, recursive: Self.holdsItself(name, in: graph), types: types, to: &tables)
        }
        tables.line()
        writeSchemaTable(
            abstractTypes: abstractTypes, selected: SelectedSchema(schema: graph, document: document), to: &tables)
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

    /// The identity (key fields per type, from the configuration; `id` otherwise) and the
    /// possible types of the abstract types the documents read, for the store's policies.
    /// Then the schema as far as the documents read it, as SDL (``SelectedSchema``).
    private func writeSchemaTable(abstractTypes: Set<String>, selected: SelectedSchema, to writer: inout SwiftWriter) {
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
            writer.line(
                "/// Payloads written by hand are checked against `selectedSchema`, parsed at the first such write.")
            writer.line(
                "static let normalization = Normalization(possibleTypes: possibleTypes, cacheKeys: cacheKeys, payloadSchema: PayloadSchema(sdl: selectedSchema))"
            )
            writer.line(
                "/// The SHA-256 of the schema's text: a version for the image, so a new schema starts a new file.")
            writer.line("static let schemaDigest = \"\(SHA256.hexDigest(schema.sdl))\"")
            writer.line(
                "/// The schema as far as the documents read it, as SDL (types, selected fields, enum values, possible")
            writer.line(
                "/// types): what the templates do not carry, for tests' mocks (BatonTesting's `MockBuilder`) and the check of payloads written by hand."
            )
            writer.line("static let selectedSchema = \"\"\"")
            for line in selected.sdl { writer.line(line) }
            writer.line("\"\"\"")
        }
    }
}
