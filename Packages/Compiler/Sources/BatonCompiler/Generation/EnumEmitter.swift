import BatonNormalize

/// Writes a schema enum as a `GraphQLEnum`: a case per value the schema declares, and
/// `unknown(String)` for any value a newer server sends, keeping its text.
enum EnumEmitter {
    static func write(_ type: SchemaType, as swiftName: String, to writer: inout SwiftWriter) {
        var names = NameScope(reserved: [
            "unknown", "rawValue", "hashValue", "self", "Self", "init", "Type", "Protocol",
        ])
        let cases = type.enumValues.map { (value: $0.name, name: names.claim(SwiftNames.enumCase($0.name))) }
        writer.line("/// The schema's enum `\(type.name)`.")
        writer.block("enum \(swiftName): GraphQLEnum, Hashable, Sendable") { writer in
            if !cases.isEmpty {
                writer.line("case " + cases.map { SwiftNames.declared($0.name) }.joined(separator: ", "))
            }
            writer.line("case unknown(String)")
            writer.block("init(rawValue: String)") { writer in
                writer.block("switch rawValue") { writer in
                    for item in cases {
                        writer.outdented(
                            "case \(SwiftNames.literal(item.value)): self = .\(SwiftNames.declared(item.name))")
                    }
                    writer.outdented("default: self = .unknown(rawValue)")
                }
            }
            writer.block("var rawValue: String") { writer in
                writer.block("switch self") { writer in
                    for item in cases {
                        writer.outdented("case .\(SwiftNames.declared(item.name)): \(SwiftNames.literal(item.value))")
                    }
                    writer.outdented("case .unknown(let rawValue): rawValue")
                }
            }
        }
    }
}
