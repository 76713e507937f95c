import BatonNormalize

/// Writes an operation's `OperationTemplate`, and a fragment's `SelectionTemplate`, as Swift
/// data: a `FieldTemplate` line per field, nested as the selections are, so the app plans the
/// operation, or writes the fragment's payload, without parsing. A selection of the same data
/// as a fragment's written earlier (a field selecting only a spread, say) names the
/// fragment's (`NoteRow.selection`) instead of repeating it.
enum PlanEmitter {
    /// `static let template = …` for `template`; `documentText` is the operation's
    /// `document`, named instead of repeated when the text sent is the same, and each
    /// selection `shared` holds (by its text, see ``text(of:shared:)``) is named, not repeated.
    static func write(
        _ template: OperationTemplate, documentText: String, shared: [String: String] = [:],
        to writer: inout SwiftWriter
    ) {
        var head = ".\(template.kind.rawValue), name: \(optional(template.name)), "
        head += "text: \(template.text == documentText ? "document" : SwiftNames.literal(template.text)), "
        head += "rootTypename: \(SwiftNames.literal(template.rootTypename)),"
        writer.wrapped("static let template: OperationTemplate? = OperationTemplate(", ")") { writer in
            writer.line(head)
            if !template.variables.isEmpty {
                writer.line("variables: [\(template.variables.map(variable).joined(separator: ", "))],")
            }
            let root = text(of: template.root, shared: shared)
            writer.lines(of: shared[root].map { $0 + "\n" } ?? root)
        }
    }

    /// `nonisolated static let selection = …` for a fragment's `template` (nonisolated: the
    /// operations' templates name it), named `reference` elsewhere:
    /// the selections `shared` holds named, not repeated, and this one added to `shared`.
    static func writeFragment(
        _ template: SelectionTemplate, as reference: String, shared: inout [String: String],
        to writer: inout SwiftWriter
    ) {
        let text = text(of: template, shared: shared)
        if let earlier = shared[text] {
            writer.line("nonisolated static let selection = \(earlier)")
            return
        }
        shared[text] = reference
        var lines = text.split(separator: "\n").map(String.init)
        lines[0] = "nonisolated static let selection = " + lines[0]
        writer.lines(of: lines.joined(separator: "\n") + "\n")
    }

    /// `SelectionTemplate(…, [`, the fields, and `])` at depth 0: the key a selection of the
    /// same data is shared by. A nested selection whose text `shared` holds is named there.
    static func text(of selection: SelectionTemplate, shared: [String: String]) -> String {
        var writer = SwiftWriter()
        var head = "SelectionTemplate(\(optional(selection.staticType))"
        if selection.needsTypename { head += ", needsTypename: true" }
        if selection.isAbstract { head += ", abstract: true" }
        // A type whose fields are the common ones (the same templates: the builder shares
        // them) is named in `commonTypes`, not written again: a selection on an interface
        // has an entry for every type implementing it.
        let types = selection.byType.sorted { $0.key < $1.key }
        let commonTypes = types.filter { isCommon($0.value, in: selection) }.map(\.key)
        let ownTypes = types.filter { !isCommon($0.value, in: selection) }
        let tail =
            commonTypes.isEmpty
            ? ")" : ", commonTypes: [\(commonTypes.map(SwiftNames.literal).joined(separator: ", "))])"
        guard !ownTypes.isEmpty else {
            writer.wrapped(head + ", [", "]" + tail) { writer in fields(selection.common, shared, to: &writer) }
            return writer.text
        }
        writer.wrapped(head + ", [", "], byType: [") { writer in fields(selection.common, shared, to: &writer) }
        writer.indented { writer in
            for (typename, typeFields) in ownTypes {
                writer.wrapped("\(SwiftNames.literal(typename)): [", "],") { writer in
                    fields(typeFields, shared, to: &writer)
                }
            }
        }
        writer.line("]" + tail)
        return writer.text
    }

    /// Whether `fields` are `selection`'s common fields, template for template.
    private static func isCommon(_ fields: [FieldTemplate], in selection: SelectionTemplate) -> Bool {
        fields.count == selection.common.count && zip(fields, selection.common).allSatisfy { $0 === $1 }
    }

    private static func fields(_ fields: [FieldTemplate], _ shared: [String: String], to writer: inout SwiftWriter) {
        for field in fields {
            let head = "FieldTemplate(" + arguments(of: field)
            guard let child = field.selection else {
                writer.line(head + "),")
                continue
            }
            let text = text(of: child, shared: shared)
            if let name = shared[text] {
                writer.line(head + ", \(name)),")
                continue
            }
            var lines = text.split(separator: "\n").map(String.init)
            lines[0] = head + ", " + lines[0]
            lines[lines.count - 1] += "),"
            writer.lines(of: lines.joined(separator: "\n") + "\n")
        }
    }

    private static func arguments(of field: FieldTemplate) -> String {
        var parts = [SwiftNames.literal(field.responseKey)]
        if field.name != field.responseKey { parts.append("name: \(SwiftNames.literal(field.name))") }
        if !field.arguments.isEmpty {
            parts.append(
                "arguments: [\(field.arguments.map { "(\(SwiftNames.literal($0.name)), \(value($0.value)))" }.joined(separator: ", "))]"
            )
        }
        if let type = typeText(field) { parts.append("type: \(SwiftNames.literal(type))") }
        if field.plainLeafIsExplicit { parts.append("plainLeaf: \(field.isPlainLeaf)") }
        if field.occurrences != [.always] {
            parts.append("occurrences: [\(field.occurrences.map(occurrence).joined(separator: ", "))]")
        }
        if let connection = field.connection {
            var text = "connection: ConnectionTemplate(key: \(SwiftNames.literal(connection.key))"
            if let filters = connection.filters {
                text += ", filters: [\(filters.map(SwiftNames.literal).joined(separator: ", "))]"
            }
            if connection.paging != .none { text += ", paging: \(paging(connection.paging))" }
            if let list = connection.list { text += ", list: \(pageList(list))" }
            parts.append(text + ")")
        }
        if let write = field.edgeWrite {
            parts.append(
                "edgeWrite: EdgeWriteTemplate(\(kind(write.kind)), connections: \(write.connections.map(value) ?? "nil"))"
            )
        }
        if let deletion = field.deletion {
            parts.append(
                "deletion: DeletionTemplate(\(deletion.typeName.map { "typeName: \(SwiftNames.literal($0))" } ?? ""))")
        }
        if field.isClientOnly { parts.append("clientOnly: true") }
        return parts.joined(separator: ", ")
    }

    /// The field's type as GraphQL spells it, rebuilt from the named type and list-ness
    /// (nullability does not change a plan).
    private static func typeText(_ field: FieldTemplate) -> String? {
        guard let name = field.typeName else { return nil }
        return field.isList == true ? "[\(name)]" : name
    }

    /// `ConnectionPaging(forward: …, backward: …)`, the directions that cannot page left out.
    private static func paging(_ paging: ConnectionPaging) -> String {
        let directions = [("forward", paging.forward), ("backward", paging.backward)].compactMap { name, variables in
            variables.map {
                "\(name): .init(count: \(SwiftNames.literal($0.count)), cursor: \(SwiftNames.literal($0.cursor)))"
            }
        }
        return "ConnectionPaging(\(directions.joined(separator: ", ")))"
    }

    private static func variable(_ variable: VariableTemplate) -> String {
        var text = "VariableTemplate(\(SwiftNames.literal(variable.name))"
        if variable.isNonNull { text += ", nonNull: true" }
        if let defaultValue = variable.defaultValue { text += ", default: \(value(defaultValue))" }
        return text + ")"
    }

    private static func occurrence(_ occurrence: PlanOccurrence) -> String {
        var parts: [String] = []
        if !occurrence.conditions.isEmpty {
            parts.append("when: [\(occurrence.conditions.map(condition).joined(separator: ", "))]")
        }
        if !occurrence.deferrals.isEmpty {
            parts.append("deferred: [\(occurrence.deferrals.map(deferral).joined(separator: ", "))]")
        }
        return "PlanOccurrence(\(parts.joined(separator: ", ")))"
    }

    private static func deferral(_ deferral: PlanDeferral) -> String {
        let conditions =
            deferral.conditions.isEmpty ? "" : ", when: [\(deferral.conditions.map(condition).joined(separator: ", "))]"
        return "PlanDeferral(\(SwiftNames.literal(deferral.label))\(conditions))"
    }

    private static func condition(_ condition: PlanCondition) -> String {
        switch condition {
        case .include(let name): ".include(\(SwiftNames.literal(name)))"
        case .skip(let name): ".skip(\(SwiftNames.literal(name)))"
        }
    }

    private static func kind(_ kind: EdgeWrite.Kind) -> String {
        switch kind {
        case .insertEdge(let append): ".insertEdge(append: \(append))"
        case .insertNode(let append, let edgeTypeName):
            ".insertNode(append: \(append), edgeTypeName: \(SwiftNames.literal(edgeTypeName)))"
        case .deleteEdge: ".deleteEdge"
        }
    }

    /// An `InputValue` as a Swift expression.
    static func value(_ value: InputValue) -> String {
        switch value {
        case .variable(let name): ".variable(\(SwiftNames.literal(name)))"
        case .int(let text): ".int(\(SwiftNames.literal(text)))"
        case .float(let text): ".float(\(SwiftNames.literal(text)))"
        case .string(let text): ".string(\(SwiftNames.literal(text)))"
        case .boolean(let flag): ".boolean(\(flag))"
        case .null: ".null"
        case .enumValue(let name): ".enumValue(\(SwiftNames.literal(name)))"
        case .list(let items): ".list([\(items.map(Self.value).joined(separator: ", "))])"
        case .object(let fields):
            fields.isEmpty
                ? ".object([])"
                : ".object([\(fields.map { "(\(SwiftNames.literal($0.name)), \(Self.value($0.value)))" }.joined(separator: ", "))])"
        }
    }

    private static func optional(_ text: String?) -> String {
        text.map(SwiftNames.literal) ?? "nil"
    }
}
