import Foundation
import BatonNormalize

/// The schema documents compile against: the SDL texts (or an introspection result), the
/// client directives they lack, and the configuration's identity and custom scalars, checked
/// against each other.
///
/// Immutable once built: safe on any thread.
public struct CompilerSchema: Sendable {
    public let schema: GraphQLSchema
    public let configuration: CompilerConfiguration
    /// The schema's text as given (introspection read as SDL), without the client directives
    /// added to it: what `BatonSchema.schemaDigest` is the digest of.
    public let sdl: String
    /// What the schema's texts define that a compile goes on past: each field defined twice,
    /// placed at the second definition, with the first's place in the message.
    public let warnings: [CompilerWarning]

    /// Builds the schema from `sources` (the server's SDL texts; the first may be introspection
    /// JSON) and the client's `extensions`, whose fields are client-only
    /// (`FieldDefinition.isClientOnly`): never sent, kept across responses, no reason to fetch.
    /// An extension that defines a server field again is an error placed at it.
    public init(
        sources: [GraphQLSource], extensions: [GraphQLSource] = [],
        configuration: CompilerConfiguration = CompilerConfiguration()
    ) throws(CompilerError) {
        var texts: [String] = []
        for source in sources {
            texts.append(
                source.file.hasSuffix(".json")
                    ? try IntrospectionReader.sdl(fromJSON: source.text, file: source.file) : source.text)
        }
        let clientTexts = extensions.map(\.text)
        let all = sources + extensions
        let given: GraphQLSchema
        do {
            given = try GraphQLSchema.parse(sdl: texts, clientExtensions: clientTexts)
        } catch {
            throw Self.place(error, sources: all, texts: texts + clientTexts)
        }
        var extra = ClientDirectives.definitions.filter { given.directives[$0.name] == nil }.map(\.sdl)
        if extra.contains(where: { $0.hasPrefix("directive @required(") }), given.types["RequiredFieldAction"] == nil {
            extra.append(ClientDirectives.requiredActionEnum)
        }
        var schema = given
        if !extra.isEmpty {
            do {
                schema = try GraphQLSchema.parse(
                    sdl: texts, clientExtensions: clientTexts + [extra.joined(separator: "\n")])
            } catch {
                throw .syntax(message: error.message, file: sources.first?.file ?? "schema", line: 1, column: 1)
            }
        }
        self.schema = schema
        self.configuration = configuration
        self.sdl = (texts + clientTexts).joined(separator: "\n")
        self.warnings = schema.duplicateFields.compactMap { Self.warning($0, sources: all) }
        try check()
    }

    /// The warning for a field defined twice, at its second definition; nil for one in the
    /// client directives' text the compiler adds (which defines no fields).
    private static func warning(_ duplicate: DuplicateFieldDefinition, sources: [GraphQLSource]) -> CompilerWarning? {
        func place(_ position: SchemaPosition) -> (file: String, location: SourceLocation)? {
            guard sources.indices.contains(position.text) else { return nil }
            let source = sources[position.text]
            // An introspection result is read as SDL made from it: its positions are not the file's.
            let location =
                source.file.hasSuffix(".json")
                ? SourceLocation(line: 1, column: 1) : source.filePosition(of: position.location)
            return (source.file, location)
        }
        guard let first = place(duplicate.first), let again = place(duplicate.again) else { return nil }
        let name = "\(duplicate.typeName).\(duplicate.fieldName)"
        return CompilerWarning(
            message:
                "field '\(name)' is defined again here, first at \(first.file):\(first.location.line):\(first.location.column); the first definition is the one used",
            file: again.file, line: again.location.line, column: again.location.column)
    }

    /// `error`, from parsing all `texts`, placed in the source it belongs to: the one the
    /// message names ("in SDL text 2 of 3"), or the one that fails the same way alone.
    private static func place(_ error: GraphQLSyntaxError, sources: [GraphQLSource], texts: [String]) -> CompilerError {
        var message = error.message
        let location = error.location
        var owner = sources.first
        if let range = message.range(of: #" \(in SDL text (\d+) of \d+\)$"#, options: .regularExpression) {
            let digits = message[range].dropFirst(" (in SDL text ".count).prefix { $0.isNumber }
            if let index = Int(digits), sources.indices.contains(index - 1) { owner = sources[index - 1] }
            message.removeSubrange(range)
        } else if let index = texts.indices.first(where: { index in
            do throws(GraphQLSyntaxError) {
                _ = try GraphQLSchema.parse(sdl: [texts[index]])
                return false
            } catch {
                return error.message == message && error.location == location
            }
        }) {
            owner = sources[index]
        }
        let file = owner?.file ?? "schema"
        let position = owner?.filePosition(of: error.location) ?? error.location
        return .syntax(message: message, file: file, line: position.line, column: position.column)
    }

    /// Reads the schema the configuration names.
    public static func load(configuration: CompilerConfiguration) throws(CompilerError) -> CompilerSchema {
        guard !configuration.schemaPaths.isEmpty else {
            throw .configuration(
                message: "the configuration names no schema", file: configuration.file, line: 1, column: 1)
        }
        func read(_ paths: [String]) throws(CompilerError) -> [GraphQLSource] {
            var sources: [GraphQLSource] = []
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path),
                    let text = String(data: data, encoding: .utf8)
                else {
                    throw configuration.error(
                        "cannot read the schema at \(path)", about: (path as NSString).lastPathComponent)
                }
                sources.append(GraphQLSource(file: path, text: text))
            }
            return sources
        }
        return try CompilerSchema(
            sources: read(configuration.schemaPaths), extensions: read(configuration.schemaExtensionPaths),
            configuration: configuration)
    }

    /// The configuration names only types, fields and scalars the schema has.
    private func check() throws(CompilerError) {
        for (typeName, fields) in configuration.keyFields.sorted(by: { $0.key < $1.key }) {
            guard let type = schema.types[typeName], type.isComposite else {
                throw configuration.error(
                    "identity names '\(typeName)', which is not an object or interface type of the schema",
                    about: typeName)
            }
            for field in fields where type.field(named: field) == nil {
                throw configuration.error(
                    "identity of '\(typeName)' names '\(field)', which '\(typeName)' does not have", about: field)
            }
        }
        try checkLookups()
        for name in configuration.customScalars.keys.sorted() where schema.types[name]?.kind != .scalar {
            throw configuration.error(
                "customScalarTypes names '\(name)', which is not a scalar of the schema", about: name)
        }
    }

    /// The key fields of `typeName`: the configuration's, or `id` when the type has one.
    public func keyFields(of typeName: String) -> [String] {
        if let fields = configuration.keyFields[typeName] { return fields }
        return schema.field("id", on: typeName) != nil ? ["id"] : []
    }
}
