import Foundation

/// Turns an introspection result (`{"data":{"__schema":...}}` or `{"__schema":...}`) into SDL
/// the schema parser reads: types, fields, arguments, interfaces, unions, enums, input
/// objects, directives and root types. Descriptions and defaults are kept as written.
enum IntrospectionReader {
    static func sdl(fromJSON text: String, file: String) throws(CompilerError) -> String {
        guard let root = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw .syntax(message: "not a JSON object", file: file, line: 1, column: 1)
        }
        let data = root["data"] as? [String: Any] ?? root
        guard let schema = data["__schema"] as? [String: Any] else {
            throw .syntax(message: "an introspection result needs '__schema'", file: file, line: 1, column: 1)
        }
        var lines: [String] = []
        func name(_ object: Any?) -> String? { (object as? [String: Any])?["name"] as? String }
        var roots: [String] = []
        for (key, kind) in [("queryType", "query"), ("mutationType", "mutation"), ("subscriptionType", "subscription")]
        {
            if let type = name(schema[key]) { roots.append("\(kind): \(type)") }
        }
        if !roots.isEmpty { lines.append("schema { \(roots.joined(separator: " ")) }") }
        func typeRef(_ object: Any?) -> String {
            guard let type = object as? [String: Any] else { return "String" }
            switch type["kind"] as? String {
            case "NON_NULL": return typeRef(type["ofType"]) + "!"
            case "LIST": return "[" + typeRef(type["ofType"]) + "]"
            default: return type["name"] as? String ?? "String"
            }
        }
        func arguments(_ list: Any?) -> String {
            let args = (list as? [[String: Any]] ?? []).map { arg in
                let defaultValue = (arg["defaultValue"] as? String).map { " = \($0)" } ?? ""
                return "\(arg["name"] as? String ?? "_"): \(typeRef(arg["type"]))\(defaultValue)"
            }
            return args.isEmpty ? "" : "(" + args.joined(separator: ", ") + ")"
        }
        for type in schema["types"] as? [[String: Any]] ?? [] {
            guard let typeName = type["name"] as? String, !typeName.hasPrefix("__") else { continue }
            let interfaces = (type["interfaces"] as? [Any] ?? []).compactMap(name)
            let implements = interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
            let fields = (type["fields"] as? [[String: Any]] ?? []).map { field in
                "  \(field["name"] as? String ?? "_")\(arguments(field["args"])): \(typeRef(field["type"]))"
            }
            switch type["kind"] as? String {
            case "SCALAR":
                if !["Int", "Float", "String", "Boolean", "ID"].contains(typeName) {
                    lines.append("scalar \(typeName)")
                }
            case "OBJECT": lines.append("type \(typeName)\(implements) {\n" + fields.joined(separator: "\n") + "\n}")
            case "INTERFACE":
                lines.append("interface \(typeName)\(implements) {\n" + fields.joined(separator: "\n") + "\n}")
            case "UNION":
                let members = (type["possibleTypes"] as? [Any] ?? []).compactMap(name)
                lines.append("union \(typeName) = " + members.joined(separator: " | "))
            case "ENUM":
                let values = (type["enumValues"] as? [Any] ?? []).compactMap(name)
                lines.append("enum \(typeName) { " + values.joined(separator: " ") + " }")
            case "INPUT_OBJECT":
                let inputs = (type["inputFields"] as? [[String: Any]] ?? []).map { field in
                    let defaultValue = (field["defaultValue"] as? String).map { " = \($0)" } ?? ""
                    return "  \(field["name"] as? String ?? "_"): \(typeRef(field["type"]))\(defaultValue)"
                }
                lines.append("input \(typeName) {\n" + inputs.joined(separator: "\n") + "\n}")
            default: continue
            }
        }
        let builtIn: Set<String> = ["skip", "include", "deprecated", "specifiedBy"]
        for directive in schema["directives"] as? [[String: Any]] ?? [] {
            guard let directiveName = directive["name"] as? String, !builtIn.contains(directiveName) else { continue }
            let locations = (directive["locations"] as? [String] ?? []).joined(separator: " | ")
            let repeatable = directive["isRepeatable"] as? Bool == true ? " repeatable" : ""
            lines.append("directive @\(directiveName)\(arguments(directive["args"]))\(repeatable) on \(locations)")
        }
        return lines.joined(separator: "\n")
    }
}
