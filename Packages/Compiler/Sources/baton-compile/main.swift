import BatonCompiler
import Foundation

/// baton-compile: GraphQL documents to Swift lenses.
///
///     baton-compile --config baton.json --output Generated.swift [--schema extra.graphql] [--manifest operations.json] [--stats] <inputs...>
///     baton-compile fetch-schema --endpoint URL [--header 'Name: value']... --output schema.graphql
///
/// Inputs are `.graphql` files, Swift files holding `/* graphql ... */` markers, or
/// directories searched for both. Errors go to standard error as `file:line:column: error:`;
/// any error exits 1 and writes nothing. Warnings go there too, as `file:line:column: warning:`,
/// and change neither the exit status nor the output. The output is rewritten only when it
/// changes; so is the persisted-query manifest, written to `--manifest` or, without it, to the
/// configuration's `operationManifest`. `fetch-schema` is ``FetchSchemaCommand``.
let usage =
    "usage: baton-compile --config <baton.json> --output <file.swift> [--schema <sdl>]... [--manifest <file.json>] [--stats] <inputs>...\n       "
    + FetchSchemaCommand.usage

if CommandLine.arguments.dropFirst().first == "fetch-schema" {
    exit(await FetchSchemaCommand.run(Array(CommandLine.arguments.dropFirst(2))))
}

var configPath: String?
var outputPath: String?
var manifestPath: String?
var schemaPaths: [String] = []
var inputs: [String] = []
var stats = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--config": configPath = arguments.popFirst()
    case "--output": outputPath = arguments.popFirst()
    case "--schema": if let path = arguments.popFirst() { schemaPaths.append(path) }
    case "--manifest": manifestPath = arguments.popFirst()
    case "--stats": stats = true
    case "--help", "-h":
        print(usage)
        exit(0)
    default: inputs.append(argument)
    }
}

func fail(_ errors: [CompilerError]) -> Never {
    for error in errors { FileHandle.standardError.write(Data((error.description + "\n").utf8)) }
    exit(1)
}

guard let outputPath, configPath != nil || !schemaPaths.isEmpty else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}

/// Writes `text` to `path` unless the file already holds it (so a build sees no change).
func writeIfChanged(_ text: String, to path: String, what: String) throws(CompilerError) {
    let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    guard existing != text else { return }
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
        throw .unreadable(message: "cannot write \(what)", file: path, line: 1, column: 1)
    }
}

do throws(CompilerError) {
    var configuration =
        try configPath.map { path throws(CompilerError) in try CompilerConfiguration.load(path: path) }
        ?? CompilerConfiguration(file: "baton-compile")
    configuration.schemaPaths += schemaPaths
    let schema = try CompilerSchema.load(configuration: configuration)
    var sources: [GraphQLSource] = []
    for input in inputs {
        sources += try SourceCollector.sources(at: input)
    }
    let output = Compiler(schema: schema).compile(sources)
    for warning in output.warnings { FileHandle.standardError.write(Data((warning.description + "\n").utf8)) }
    if !output.errors.isEmpty { fail(output.errors) }
    try writeIfChanged(output.swift, to: outputPath, what: "the output")
    if let path = manifestPath ?? configuration.operationManifestPath {
        try writeIfChanged(output.manifest.json, to: path, what: "the operation manifest")
    }
    if stats {
        print(
            "\(sources.count) sources, \(output.accessors) accessors, \(output.swift.utf8.count) bytes (\(output.codeBytes) before the tables), \(output.bytesPerAccessor) bytes of lens code per accessor"
        )
    }
} catch {
    fail([error])
}
