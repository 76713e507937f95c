import Foundation
import BatonNormalize

/// The schema documents compile against: the SDL texts (or an introspection result), the
/// client directives they lack, and the configuration's identity and custom scalars, checked
/// against each other.
///
/// Immutable once built: safe on any thread.
public struct CompilerSchema: Sendable {
    public let schema: Schema
    public let configuration: CompilerConfiguration

    /// Builds the schema from `sources` (SDL texts; the first may be introspection JSON).
    public init(sources: [GraphQLSource], configuration: CompilerConfiguration = CompilerConfiguration())
        throws(CompilerError)
    {
        var texts: [String] = []
        for source in sources {
            var text = source.text
            if source.file.hasSuffix(".json") {
                text = try IntrospectionReader.sdl(fromJSON: source.text, file: source.file)
            }
            do {
                _ = try Schema.parse(sdl: [text])
            } catch {
                // Only a text alone can place its own syntax errors; cross-text errors surface below.
                if error.message.contains("Expected") || error.message.contains("Unexpected") {
                    throw source.syntaxError(error)
                }
            }
            texts.append(text)
        }
        let given: Schema
        do {
            given = try Schema.parse(sdl: texts)
        } catch {
            throw sources.first.map { $0.syntaxError(error) }
                ?? .syntax(message: error.message, file: "schema", line: error.line, column: error.column)
        }
        var extra = ClientDirectives.definitions.filter { given.directives[$0.name] == nil }.map(\.sdl)
        if extra.contains(where: { $0.hasPrefix("directive @required(") }), given.types["RequiredFieldAction"] == nil {
            extra.append(ClientDirectives.requiredActionEnum)
        }
        var schema = given
        if !extra.isEmpty {
            do {
                schema = try Schema.parse(sdl: texts + [extra.joined(separator: "\n")])
            } catch {
                throw .syntax(message: error.message, file: sources.first?.file ?? "schema", line: 1, column: 1)
            }
        }
        self.schema = schema
        self.configuration = configuration
        try check()
    }

    /// Reads the schema the configuration names.
    public static func load(configuration: CompilerConfiguration) throws(CompilerError) -> CompilerSchema {
        guard !configuration.schemaPaths.isEmpty else {
            throw .configuration(message: "the configuration names no schema", file: configuration.file, line: 1, column: 1)
        }
        var sources: [GraphQLSource] = []
        for path in configuration.schemaPaths {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
            else { throw configuration.error("cannot read the schema at \(path)", about: (path as NSString).lastPathComponent) }
            sources.append(GraphQLSource(file: path, text: text))
        }
        return try CompilerSchema(sources: sources, configuration: configuration)
    }

    /// The configuration names only types, fields and scalars the schema has.
    private func check() throws(CompilerError) {
        for (typeName, fields) in configuration.keyFields.sorted(by: { $0.key < $1.key }) {
            guard let type = schema.types[typeName], type.isComposite else {
                throw configuration.error("identity names '\(typeName)', which is not an object or interface type of the schema", about: typeName)
            }
            for field in fields where type.field(named: field) == nil {
                throw configuration.error("identity of '\(typeName)' names '\(field)', which '\(typeName)' does not have", about: field)
            }
        }
        for name in configuration.customScalars.keys.sorted() where schema.types[name]?.kind != .scalar {
            throw configuration.error("customScalarTypes names '\(name)', which is not a scalar of the schema", about: name)
        }
    }

    /// The key fields of `typeName`: the configuration's, or `id` when the type has one.
    public func keyFields(of typeName: String) -> [String] {
        if let fields = configuration.keyFields[typeName] { return fields }
        return schema.field("id", on: typeName) != nil ? ["id"] : []
    }
}
