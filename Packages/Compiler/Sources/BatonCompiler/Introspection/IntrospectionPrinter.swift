import BatonRecords

/// Prints an introspection result's `__schema` object as SDL that `GraphQLSchema` parses
/// back to the schema the server described: the root types (a `schema` block only when they
/// are not named `Query`, `Mutation`, `Subscription`), every type but the introspection
/// types and the built-in scalars, in the server's order, with descriptions (a block string
/// when the text survives one unchanged, else a quoted string), arguments and input fields
/// with their defaults as the server wrote them, `@deprecated` on fields and enum values (its
/// reason unless the default one), interfaces, union members, and the directives other than
/// the built-in ones (`@skip`, `@include`, `@deprecated`, `@specifiedBy`, `@oneOf`).
///
/// Stateless: safe on any thread.
enum IntrospectionPrinter {
    typealias Object = [String: Any]

    private static let builtInScalars: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]
    private static let builtInDirectives: Set<String> = ["skip", "include", "deprecated", "specifiedBy", "oneOf"]
    private static let defaultDeprecationReason = "No longer supported"

    /// The SDL of `schema` (the value of `__schema`).
    static func sdl(schema: Object) -> String {
        var blocks: [String] = []
        let roots = [
            ("query", "queryType", "Query"), ("mutation", "mutationType", "Mutation"),
            ("subscription", "subscriptionType", "Subscription"),
        ]
        .compactMap { kind, key, conventional -> (String, String, Bool)? in
            guard let name = (schema[key] as? Object)?["name"] as? String else { return nil }
            return (kind, name, name == conventional)
        }
        if !roots.allSatisfy(\.2) {
            blocks.append("schema {\n" + roots.map { "  \($0.0): \($0.1)" }.joined(separator: "\n") + "\n}")
        }
        for type in schema["types"] as? [Object] ?? [] {
            if let block = typeDefinition(type) { blocks.append(block) }
        }
        for directive in schema["directives"] as? [Object] ?? [] {
            guard let name = directive["name"] as? String, !builtInDirectives.contains(name) else { continue }
            let locations = (directive["locations"] as? [String] ?? []).joined(separator: " | ")
            let repeatable = directive["isRepeatable"] as? Bool == true ? " repeatable" : ""
            blocks.append(
                description(directive, indent: "") + "directive @\(name)\(arguments(directive["args"], indent: ""))"
                    + "\(repeatable) on \(locations)")
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The definition of one type; nil for an introspection type or a built-in scalar.
    private static func typeDefinition(_ type: Object) -> String? {
        guard let name = type["name"] as? String, !name.hasPrefix("__") else { return nil }
        let head = description(type, indent: "")
        let interfaces = (type["interfaces"] as? [Object] ?? []).compactMap { $0["name"] as? String }
        let implements = interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
        switch type["kind"] as? String {
        case "SCALAR":
            return builtInScalars.contains(name) ? nil : head + "scalar \(name)"
        case "OBJECT", "INTERFACE":
            let keyword = type["kind"] as? String == "OBJECT" ? "type" : "interface"
            let fields = (type["fields"] as? [Object] ?? []).map(field)
            return head + "\(keyword) \(name)\(implements)" + body(fields)
        case "UNION":
            let members = (type["possibleTypes"] as? [Object] ?? []).compactMap { $0["name"] as? String }
            return head + "union \(name)" + (members.isEmpty ? "" : " = " + members.joined(separator: " | "))
        case "ENUM":
            let values = (type["enumValues"] as? [Object] ?? []).map { value in
                description(value, indent: "  ") + "  \(value["name"] as? String ?? "_")" + deprecation(value)
            }
            return head + "enum \(name)" + body(values)
        case "INPUT_OBJECT":
            let fields = (type["inputFields"] as? [Object] ?? []).map { inputValue($0, indent: "  ") }
            return head + "input \(name)" + body(fields)
        default:
            return nil
        }
    }

    /// ` {`, one line (or described lines) per member, `}`; nothing for no members.
    private static func body(_ members: [String]) -> String {
        members.isEmpty ? "" : " {\n" + members.joined(separator: "\n") + "\n}"
    }

    private static func field(_ field: Object) -> String {
        description(field, indent: "  ") + "  \(field["name"] as? String ?? "_")"
            + arguments(field["args"], indent: "  ") + ": \(typeReference(field["type"]))" + deprecation(field)
    }

    /// `(a: T = d, …)` on one line, or one argument a line when any has a description.
    private static func arguments(_ list: Any?, indent: String) -> String {
        let arguments = list as? [Object] ?? []
        guard !arguments.isEmpty else { return "" }
        if arguments.allSatisfy({ ($0["description"] as? String) == nil }) {
            return "(" + arguments.map { inputValue($0, indent: "") }.joined(separator: ", ") + ")"
        }
        let inner = indent + "  "
        return "(\n" + arguments.map { inputValue($0, indent: inner) }.joined(separator: "\n") + "\n\(indent))"
    }

    /// `name: Type = default`, its description above it, at `indent`.
    private static func inputValue(_ value: Object, indent: String) -> String {
        let defaultValue = (value["defaultValue"] as? String).map { " = \($0)" } ?? ""
        return description(value, indent: indent)
            + "\(indent)\(value["name"] as? String ?? "_"): \(typeReference(value["type"]))\(defaultValue)"
            + deprecation(value)
    }

    /// `Name`, `[T]` or `T!` for an introspection type reference.
    private static func typeReference(_ reference: Any?) -> String {
        guard let reference = reference as? Object else { return "String" }
        switch reference["kind"] as? String {
        case "NON_NULL": return typeReference(reference["ofType"]) + "!"
        case "LIST": return "[" + typeReference(reference["ofType"]) + "]"
        default: return reference["name"] as? String ?? "String"
        }
    }

    /// ` @deprecated` (with its reason unless the default) when `element` is deprecated.
    private static func deprecation(_ element: Object) -> String {
        guard element["isDeprecated"] as? Bool == true else { return "" }
        guard let reason = element["deprecationReason"] as? String, reason != defaultDeprecationReason else {
            return " @deprecated"
        }
        return " @deprecated(reason: \(quoted(reason)))"
    }

    /// The element's description and a line break, at `indent`; nothing without one.
    private static func description(_ element: Object, indent: String) -> String {
        guard let text = element["description"] as? String else { return "" }
        return indent + (survivesBlockString(text) ? blockString(text, indent: indent) : quoted(text)) + "\n"
    }

    /// Whether `text` printed as a block string reads back as itself: no carriage return, no
    /// blank first or last line, no indentation common to its lines (the spec strips those).
    private static func survivesBlockString(_ text: String) -> Bool {
        guard text.contains("\n"), !text.contains("\r"), !text.hasSuffix("\\") else { return false }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }
        guard let first = lines.first, let last = lines.last, !isBlank(first), !isBlank(last) else { return false }
        return lines.contains { !isBlank($0) && $0.first != " " && $0.first != "\t" }
    }

    private static func blockString(_ text: String, indent: String) -> String {
        let lines = text.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"").split(
            separator: "\n", omittingEmptySubsequences: false)
        return "\"\"\"\n" + lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n") + "\n\(indent)\"\"\""
    }

    /// `text` as a GraphQL string literal (JSON's escapes, which GraphQL's are).
    static func quoted(_ text: String) -> String {
        JSONValue.string(text).jsonText()
    }
}
