/// How GraphQL names become Swift names: keywords escaped, `snake_case` camel-cased, and
/// names a scope already uses (or must not shadow) suffixed with `_` until free.
enum SwiftNames {
    /// Words that must be backticked to be declared.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "super", "throws", "true", "try", "consume", "borrowing",
        "consuming", "copy", "discard", "each", "some", "any", "macro", "package", "actor", "async", "sending",
    ]

    /// Members every lens has (from `Fragment`, and the fragment's `Payload`), which a field's
    /// property must not shadow.
    static let lensMembers: Set<String> = [
        "ref", "key", "connectionID", "self", "Self", "Type", "Protocol", "init", "fields", "Fields", "typeCondition",
        "throwsOnFieldError", "resolveLink", "nullElement", "fragmentType", "selection", "record", "context",
        "Payload", "descriptors",
    ]

    /// Type names a generated type must not shadow: what generated code names unqualified.
    static let reservedTypes: Set<String> = [
        "String", "Int", "Double", "Bool", "Value", "Scalar", "Linked", "Caught", "Fragment", "FieldSet", "RecordRef",
        "GraphQLEnum", "GraphQLOperation", "CustomScalar", "ScalarValue", "Optional", "Array", "Set", "Swift",
        "BatonLens", "Foundation", "Self", "Type", "Protocol", "Any", "Data", "Fields", "Never", "Void", "Error",
        "Result", "Sendable", "Hashable", "LinkTarget", "Dictionary", "Spread", "Narrow", "JSONValue",
        "GraphQLVariables", "GraphQLInputValue", "TypedVariablesOperation", "Variables", "GraphQLNullable",
        "PayloadOperation", "PayloadFragment", "UpdatableFragment", "OptimisticResponse", "Payload",
    ]

    /// `air_date` → `airDate`; leading underscores and other names kept.
    static func camel(_ name: String) -> String {
        let leading = name.prefix { $0 == "_" }
        let rest = name.dropFirst(leading.count)
        guard rest.contains("_") else { return name }
        let parts = rest.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = parts.first else { return name }
        return String(leading) + String(first)
            + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// An enum value as a case: `NEW_HOPE` → `newHope`, `Alive` → `alive`.
    static func enumCase(_ value: String) -> String {
        let leading = value.prefix { $0 == "_" }
        let parts = value.dropFirst(leading.count).split(separator: "_", omittingEmptySubsequences: true)
        var result = String(leading)
        for (index, part) in parts.enumerated() {
            let allCaps = part.allSatisfy { !$0.isLowercase }
            let word = allCaps ? part.lowercased() : String(part)
            result +=
                index == 0
                ? word.prefix(1).lowercased() + word.dropFirst() : word.prefix(1).uppercased() + word.dropFirst()
        }
        return result.isEmpty ? "_" : result
    }

    /// `origin` → `Origin`, `air_date` → `AirDate`, `__typename` → `Typename`.
    static func pascal(_ name: String) -> String {
        let camelled = camel(String(name.drop { $0 == "_" }))
        let base = camelled.prefix(1).uppercased() + camelled.dropFirst()
        return base.isEmpty ? "Field" : base
    }

    /// `CharacterRow` → `characterRow`.
    static func lowerFirst(_ name: String) -> String {
        let prefix = name.prefix { $0.isUppercase }
        if prefix.count > 1, prefix.count < name.count {
            return prefix.dropLast().lowercased() + name.dropFirst(prefix.count - 1)
        }
        if prefix.count == name.count { return name.lowercased() }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// `name` as declared: backticked when a keyword.
    static func declared(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
