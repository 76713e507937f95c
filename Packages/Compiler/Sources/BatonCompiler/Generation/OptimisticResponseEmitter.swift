import BatonNormalize

/// Writes a mutation's `OptimisticResponse`: the `data` its server is expected to answer, as a
/// value holding exactly what the operation's template selects, so a misspelt field or a
/// value of the wrong type does not compile.
///
/// The shape follows the template, the plan the runtime ingests with: fragment spreads'
/// fields are merged in as the selection resolves them, and a nested selection is a nested
/// struct named after its response key. An abstract position (interface or union) is an enum
/// with a case per possible type, whose payload holds the fields that type resolves to (the
/// types that select nothing more than the position does share `Other`): the case is the
/// `__typename`. Every `__typename`,
/// and its aliases, is written from the position's type, never by hand.
///
/// A field may be left out (the response is partial): a non-null one is an optional (nil:
/// absent), a nullable one a `GraphQLNullable` (absent, `.null` or a value), whose
/// initializer parameter is an optional (nil: absent). The key fields of the object's type
/// (the configuration's identity, or `id`), when non-null and unconditional, are required:
/// without them the object would land in another record than the one it means. Members are
/// named as the lenses name them (`airDate` for `air_date`), suffixed with `_` where they
/// would clash with a member, a type they use, or each other.
struct OptimisticResponseEmitter {
    let schema: CompilerSchema
    let types: TypeMapper
    /// The generated top-level types and modules: names no member or nested type may shadow.
    let globalNames: Set<String>

    /// Names every generated object or enum has: the conformance's and the one writing its JSON.
    static let members: Set<String> = VariablesEmitter.members.union(["object", "OptimisticResponse", "Payload"])

    func write(_ template: OperationTemplate, to writer: inout SwiftWriter) {
        let root = template.root
        writer.line("typealias OptimisticResponse = Payload")
        writeObject(
            "Payload", typename: template.rootTypename, on: template.rootTypename,
            fields: root.byType[template.rootTypename] ?? root.common, to: &writer)
    }

    /// A struct of `fields` on `type`; with a `typename` (a concrete position), it is a
    /// `GraphQLInputValue` writing that name as its `__typename`.
    private func writeObject(
        _ name: String, typename: String?, on type: String, fields: [FieldTemplate], to writer: inout SwiftWriter
    ) {
        var scope = NameScope(reserved: Self.members.union(globalNames))
        var properties: [VariablesEmitter.Property] = []
        var nested: [(name: String, field: FieldTemplate)] = []
        var typenameAliases: [String] = []
        for field in fields {
            if field.name == "__typename" {
                if field.responseKey != "__typename" { typenameAliases.append(field.responseKey) }
                continue
            }
            let declared = schema.schema.field(field.name, on: type)?.type ?? .named(field.typeName ?? "String")
            let swiftName = scope.claim(SwiftNames.camel(field.responseKey))
            let base: String
            if field.selection != nil {
                base = scope.claim(SwiftNames.pascal(field.responseKey))
                nested.append((base, field))
            } else {
                base = types.input(declared.namedType)
            }
            let storage: VariablesEmitter.Property.Storage =
                !declared.isNonNull ? .nullable : isKey(field, of: type) ? .required : .optional
            properties.append(
                .init(
                    name: field.responseKey, swiftName: swiftName,
                    valueType: TypeMapper.render(.nonNull(declared.nullable), base: base, nonNullLevels: []),
                    storage: storage))
        }
        // The required key fields lead the initializer.
        properties = properties.filter { $0.storage == .required } + properties.filter { $0.storage != .required }
        writer.block("struct \(name)\(typename == nil ? "" : ": GraphQLInputValue")") { writer in
            VariablesEmitter.writeStorage(properties, to: &writer)
            if let typename { writer.line("var inputValue: JSONValue { object(\(SwiftNames.literal(typename))) }") }
            writer.block("func object(_ typename: String) -> JSONValue") { writer in
                let typenames = (["__typename"] + typenameAliases).map {
                    "(\(SwiftNames.literal($0)), .string(typename))"
                }
                if properties.isEmpty {
                    writer.line("return .object([\(typenames.joined(separator: ", "))])")
                } else {
                    writer.line("var fields: [(String, JSONValue)] = [\(typenames.joined(separator: ", "))]")
                    VariablesEmitter.writeValues(properties, to: &writer) { key, value in
                        "fields.append((\(key), \(value)))"
                    }
                    writer.line("return .object(fields)")
                }
            }
            for (name, field) in nested {
                guard let selection = field.selection else { continue }
                let fieldType =
                    schema.schema.field(field.name, on: type)?.type.namedType ?? selection.staticType ?? field.typeName
                    ?? ""
                if selection.isAbstract {
                    writeCases(name, of: fieldType, selection, to: &writer)
                } else {
                    let concrete = selection.staticType ?? fieldType
                    writeObject(
                        name, typename: concrete, on: concrete, fields: selection.byType[concrete] ?? selection.common,
                        to: &writer)
                }
            }
        }
    }

    /// An abstract position as an enum with a case per possible type of `type`.
    private func writeCases(
        _ name: String, of type: String, _ selection: SelectionTemplate, to writer: inout SwiftWriter
    ) {
        var scope = NameScope(reserved: Self.members.union(globalNames))
        var caseNames = NameScope(reserved: Self.members)
        var cases: [(name: String, typename: String, payload: String)] = []
        var payloads: [(name: String, type: String)] = []
        var shared: String?
        for concrete in schema.schema.possibleTypes(type).sorted() {
            let payload: String
            if let fields = selection.byType[concrete], fields.map(\.responseKey) != selection.common.map(\.responseKey)
            {
                payload = scope.claim(SwiftNames.pascal(concrete))
                payloads.append((payload, concrete))
            } else {
                payload = shared ?? scope.claim("Other")
                shared = payload
            }
            cases.append((caseNames.claim(SwiftNames.lowerFirst(concrete)), concrete, payload))
        }
        writer.block("enum \(name): GraphQLInputValue") { writer in
            writer.line(
                "case " + cases.map { "\(SwiftNames.declared($0.name))(\($0.payload))" }.joined(separator: ", "))
            writer.block("var inputValue: JSONValue") { writer in
                writer.block("switch self") { writer in
                    for item in cases {
                        writer.outdented(
                            "case .\(SwiftNames.declared(item.name))(let value): return value.object(\(SwiftNames.literal(item.typename)))"
                        )
                    }
                }
            }
            for (payload, concrete) in payloads {
                writeObject(
                    payload, typename: nil, on: concrete, fields: selection.byType[concrete] ?? selection.common,
                    to: &writer)
            }
            if let shared { writeObject(shared, typename: nil, on: type, fields: selection.common, to: &writer) }
        }
    }

    /// Whether `field` is one of the key fields of `type`, selected as itself on every path.
    private func isKey(_ field: FieldTemplate, of type: String) -> Bool {
        field.arguments.isEmpty && field.responseKey == field.name && field.occurrences == [.always]
            && (schema.configuration.keyFields[type] ?? ["id"]).contains(field.name)
    }
}
