import Foundation

/// The compiler's configuration: a JSON file in the shape of `baton.json`.
///
/// ```json
/// {
///   "schema": "schema.graphql",
///   "schemaExtensions": ["extensions.graphql"],
///   "identity": { "types": { "Asset": ["uuid"] } },
///   "customScalarTypes": { "DateTime": { "swift": "Foundation.Date" } },
///   "operationManifest": "persisted-query-manifest.json",
///   "lookups": [{ "field": "Query.character", "type": "Character", "argument": "id" }]
/// }
/// ```
///
/// Paths are relative to the file's directory. A schema path ending in `.json` is read as
/// an introspection result. The `schemaExtensions` are the client's: each field they define
/// (on a type of the schema, or on a type only they define) is client-only, never sent to
/// the server (see ``CompilerSchema``). Custom scalars the file does not map read as the raw `Value`;
/// a mapped type must conform to `CustomScalar` (or `ScalarValue`) in the app. Keys the
/// compiler does not know (`kotlin`, `transient`...) are ignored. The `lookups` name the root
/// field that finds a record of a type by its key fields: what a `@refetchable` fragment on that
/// type is refetched through (``Lookup``).
public struct CompilerConfiguration: Sendable, Hashable {
    /// The file the configuration was read from (for errors).
    public var file: String
    /// The schema's paths (the server's), resolved against the file's directory.
    public var schemaPaths: [String]
    /// The client schema extensions' paths (`schemaExtensions`), resolved likewise: their
    /// fields are client-only.
    public var schemaExtensionPaths: [String]
    /// Key fields per type, beside the schema's default (`id`).
    public var keyFields: [String: [String]]
    /// Swift type per custom scalar.
    public var customScalars: [String: String]
    /// Where `baton-compile` writes the operations' persisted-query manifest
    /// (``OperationManifest``), resolved likewise; nil writes none. The build plugin writes it
    /// beside the generated Swift instead, under this file name.
    public var operationManifestPath: String?
    /// The root fields that find a record by its identity (`lookups`).
    public var lookups: [Lookup]
    /// The text the configuration was read from, to place errors.
    public var text: String

    /// A root field that answers the record of ``type`` whose key fields are its
    /// ``arguments`` (in the order of the type's key fields): `character(id:)` for `Character`.
    /// `Query.node` with no type is the `Node` interface's. A value.
    public struct Lookup: Sendable, Hashable {
        /// The root field's name, without a `Query.` prefix.
        public var field: String
        /// The type whose records it finds; nil for an abstract type's (`node`).
        public var type: String?
        /// The arguments that carry the identity.
        public var arguments: [String]

        public init(field: String, type: String? = nil, arguments: [String]) {
            self.field = field.split(separator: ".").last.map(String.init) ?? field
            self.type = type
            self.arguments = arguments
        }
    }

    public init(
        file: String = "baton.json", schemaPaths: [String] = [], schemaExtensionPaths: [String] = [],
        keyFields: [String: [String]] = [:], customScalars: [String: String] = [:],
        operationManifestPath: String? = nil, lookups: [Lookup] = [], text: String = ""
    ) {
        self.file = file
        self.schemaPaths = schemaPaths
        self.schemaExtensionPaths = schemaExtensionPaths
        self.keyFields = keyFields
        self.customScalars = customScalars
        self.operationManifestPath = operationManifestPath
        self.lookups = lookups
        self.text = text
    }

    private struct Shape: Decodable {
        struct Identity: Decodable { var types: [String: [String]]? }
        struct ScalarType: Decodable { var swift: String? }
        var schema: String?
        var schemaExtensions: [String]?
        var identity: Identity?
        var customScalarTypes: [String: ScalarType]?
        var operationManifest: String?
        struct LookupShape: Decodable {
            var field: String
            var type: String?
            var argument: String?
            var arguments: [String]?
        }
        var lookups: [LookupShape]?
    }

    /// Reads the configuration at `path`.
    public static func load(path: String) throws(CompilerError) -> CompilerConfiguration {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw .unreadable(message: "cannot read the configuration", file: path, line: 1, column: 1)
        }
        return try parse(text, file: path)
    }

    /// Parses a configuration text read from `file`.
    public static func parse(_ text: String, file: String) throws(CompilerError) -> CompilerConfiguration {
        let shape: Shape
        do {
            shape = try JSONDecoder().decode(Shape.self, from: Data(text.utf8))
        } catch {
            throw .configuration(message: "not a configuration: \(error)", file: file, line: 1, column: 1)
        }
        let directory = (file as NSString).deletingLastPathComponent
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") || directory.isEmpty ? path : (directory as NSString).appendingPathComponent(path)
        }
        var paths: [String] = []
        if let schema = shape.schema { paths.append(resolve(schema)) }
        var scalars: [String: String] = [:]
        for (name, type) in shape.customScalarTypes ?? [:] {
            if let swift = type.swift { scalars[name] = swift }
        }
        return CompilerConfiguration(
            file: file, schemaPaths: paths, schemaExtensionPaths: (shape.schemaExtensions ?? []).map(resolve),
            keyFields: shape.identity?.types ?? [:], customScalars: scalars,
            operationManifestPath: shape.operationManifest.map(resolve),
            lookups: (shape.lookups ?? []).map {
                Lookup(field: $0.field, type: $0.type, arguments: $0.arguments ?? $0.argument.map { [$0] } ?? [])
            }, text: text)
    }

    /// An error about `name`, placed at its first quoted occurrence in the file.
    func error(_ message: String, about name: String) -> CompilerError {
        var line = 1
        var column = 1
        if let range = text.range(of: "\"\(name)\"") {
            for character in text[..<range.lowerBound] {
                if character == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
        }
        return .configuration(message: message, file: file, line: line, column: column)
    }
}
