import BatonNormalize

/// Writes the `Payload` of an operation or a fragment: the data it selects, as a value holding
/// exactly what its template selects, so a misspelt field or a value of the wrong type does
/// not compile. An operation's is its `data` object (a mutation names it `OptimisticResponse`
/// too); a fragment's is one object it reads, a struct on a concrete type and, on an interface
/// or union, an enum with a case per possible type.
///
/// The shape follows the template, the plan the runtime ingests with: fragment spreads'
/// fields are merged in as the selection resolves them, and a nested selection is a nested
/// struct named after its response key. An abstract position (interface or union) is an enum
/// with a case per possible type, whose payload holds the fields that type resolves to (the
/// types that select nothing more than the position does share `Other`): the case is the
/// `__typename`. Every `__typename`, and its aliases, is written from the position's type,
/// never by hand.
///
/// A field may be left out (the response is partial): a non-null one is an optional (nil:
/// absent), a nullable one a `GraphQLNullable` (absent, `.null` or a value), whose
/// initializer parameter is an optional (nil: absent). The key fields of the object's type
/// (the configuration's identity, or `id`), when non-null and unconditional, are required:
/// without them the object would land in another record than the one it means. Members are
/// named as the lenses name them (`airDate` for `air_date`), suffixed with `_` where they
/// would clash with a member, a type they use, or each other.
///
/// A position whose payload would be written as a fragment's is (the same text) takes the
/// fragment's type instead (`var character: GraphQLNullable<CharacterRow.Payload>`), and a
/// fragment whose payload is an earlier one's names it (`typealias Payload = CharacterRow.Payload`):
/// a query made of spreads declares each object once.
///
/// A value used on one thread for one compile.
struct PayloadEmitter {
    let schema: CompilerSchema
    let types: TypeMapper
    /// The generated top-level types and modules: names no member or nested type may shadow.
    let globalNames: Set<String>
    /// The fragments' payload types, by the text a `Payload` of their shape is written as.
    private var shared: [String: String] = [:]

    init(schema: CompilerSchema, types: TypeMapper, globalNames: Set<String>) {
        self.schema = schema
        self.types = types
        self.globalNames = globalNames
    }

    /// Names every generated object or enum has: the conformance's and the one writing its JSON.
    static let members: Set<String> = VariablesEmitter.members.union(["object", "OptimisticResponse", "Payload"])

    /// An operation's `Payload`, its root object; a mutation's is also its `OptimisticResponse`.
    func write(_ template: OperationTemplate, to writer: inout SwiftWriter) {
        let root = template.root
        if template.kind == .mutation { writer.line("typealias OptimisticResponse = Payload") }
        writeObject(
            "Payload", typename: template.rootTypename, on: template.rootTypename,
            fields: root.byType[template.rootTypename] ?? root.common, to: &writer)
    }

    /// The `Payload` of the fragment whose lens is `lens`, over `selection` (its template) on
    /// `typeCondition`, as text at depth 0; the positions written after it of the same shape
    /// take its type. Call in an order where a fragment comes after those it spreads.
    mutating func fragment(_ lens: String, _ selection: SelectionTemplate, on typeCondition: String) -> String {
        var writer = SwiftWriter()
        if selection.isAbstract {
            writeCases("Payload", of: typeCondition, selection, to: &writer)
        } else {
            writeObject(
                "Payload", typename: typeCondition, on: typeCondition,
                fields: selection.byType[typeCondition] ?? selection.common, to: &writer)
        }
        if let earlier = shared[writer.text] { return "typealias Payload = \(earlier)\n" }
        shared[writer.text] = "\(lens).Payload"
        return writer.text
    }

    /// A struct of `fields` on `type`; with a `typename` (a concrete position), it is a
    /// `GraphQLInputValue` writing that name as its `__typename`.
    private func writeObject(
        _ name: String, typename: String?, on type: String, fields: [FieldTemplate], to writer: inout SwiftWriter
    ) {
        var scope = NameScope(reserved: Self.members.union(globalNames))
        var properties: [VariablesEmitter.Property] = []
        var nested: [(name: String, text: String)] = []
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
                let text = rendered(field, on: type)
                if let type = shared[text] {
                    base = type
                } else {
                    base = scope.claim(SwiftNames.pascal(field.responseKey))
                    nested.append((base, text))
                }
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
            writeJSON(properties, typenameAliases: typenameAliases, to: &writer)
            for (name, text) in nested { writer.lines(of: Self.renamed(text, to: name)) }
        }
    }

    /// `object(_:)`: the object's JSON with `typename` as its `__typename` (and aliases), a
    /// member a line (`JSONValue.payload`, which leaves the absent ones out).
    private func writeJSON(
        _ properties: [VariablesEmitter.Property], typenameAliases: [String], to writer: inout SwiftWriter
    ) {
        let keys =
            typenameAliases.isEmpty
            ? "" : ", at: [\((["__typename"] + typenameAliases).map(SwiftNames.literal).joined(separator: ", "))]"
        writer.block("func object(_ typename: String) -> JSONValue") { writer in
            guard !properties.isEmpty else { return writer.line(".payload(typename\(keys))") }
            writer.wrapped(".payload(typename\(keys), [", "])") { writer in
                for property in properties {
                    let member = "self.\(SwiftNames.declared(property.swiftName))"
                    let value = property.storage == .optional ? "\(member)?.inputValue" : "\(member).inputValue"
                    writer.line("(\(SwiftNames.literal(property.name)), \(value)),")
                }
            }
        }
    }

    /// The type of `field`'s selection (on `type`), named `Payload`, as text at depth 0: an
    /// enum of cases at an abstract position, a struct at a concrete one.
    private func rendered(_ field: FieldTemplate, on type: String) -> String {
        var writer = SwiftWriter()
        guard let selection = field.selection else { return "" }
        let fieldType =
            schema.schema.field(field.name, on: type)?.type.namedType ?? selection.staticType ?? field.typeName ?? ""
        if selection.isAbstract {
            writeCases("Payload", of: fieldType, selection, to: &writer)
        } else {
            let concrete = selection.staticType ?? fieldType
            writeObject(
                "Payload", typename: concrete, on: concrete, fields: selection.byType[concrete] ?? selection.common,
                to: &writer)
        }
        return writer.text
    }

    /// `text`, a type ``rendered(_:on:)`` named `Payload`, named `name`.
    private static func renamed(_ text: String, to name: String) -> String {
        for keyword in ["struct ", "enum "] where text.hasPrefix(keyword + "Payload") {
            return keyword + name + text.dropFirst(keyword.count + "Payload".count)
        }
        return text
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
