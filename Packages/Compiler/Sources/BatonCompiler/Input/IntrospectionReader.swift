import Foundation

/// Turns an introspection result (`{"data":{"__schema":...}}` or `{"__schema":...}`) into SDL
/// the schema parser reads, through ``IntrospectionPrinter``.
///
/// Stateless: safe on any thread.
enum IntrospectionReader {
    static func sdl(fromJSON text: String, file: String) throws(CompilerError) -> String {
        guard let root = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw .syntax(message: "not a JSON object", file: file, line: 1, column: 1)
        }
        guard let schema = schemaObject(in: root) else {
            throw .syntax(message: "an introspection result needs '__schema'", file: file, line: 1, column: 1)
        }
        return IntrospectionPrinter.sdl(schema: schema)
    }

    /// The `__schema` object of a result, under `data` or at the top.
    static func schemaObject(in root: [String: Any]) -> [String: Any]? {
        let data = root["data"] as? [String: Any] ?? root
        return data["__schema"] as? [String: Any]
    }
}
