import Foundation
import PackagePlugin

/// Runs `baton-compile` for a target: its `.graphql` files (and Swift files with
/// `/* graphql */` markers) against the schema its `baton.json` names, the file in the
/// target's directory or, failing that, the package's. The generated lenses compile into
/// the target; a change to a document, the configuration or the schema regenerates them on
/// the next build. With `"operationManifest": "<name>.json"` in the configuration, the
/// operations' persisted-query manifest is written beside the generated Swift under that
/// file name, a declared output the target takes as a resource (`Bundle.module`).
@main
struct BatonCompilerPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let candidates = [target.directoryURL, context.package.directoryURL].map { $0.appending(path: "baton.json") }
        guard let config = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            Diagnostics.error("BatonCompilerPlugin: no baton.json in \(target.directoryURL.path) or the package root")
            return []
        }
        let object = configuration(at: config)
        // The schema and its extensions are SDL the configuration names, never documents, even
        // when they sit among the target's sources.
        let schema = Set(schemaFiles(of: object, at: config).map { $0.standardizedFileURL.path })
        let documents = target.sourceFiles.filter { $0.url.pathExtension == "graphql" || $0.url.pathExtension == "gql" }
            .map(\.url).filter { !schema.contains($0.standardizedFileURL.path) }
        let swiftFiles = target.sourceFiles(withSuffix: "swift").map(\.url)
        let markedSwift = swiftFiles.filter { url in
            (try? String(contentsOf: url, encoding: .utf8))?.contains("/* graphql") == true
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "BatonGenerated.swift")
        // Only the work directory is the plugin's to write: the manifest goes there, whatever its path.
        let manifest = (object["operationManifest"] as? String).map {
            context.pluginWorkDirectoryURL.appending(path: URL(fileURLWithPath: $0).lastPathComponent)
        }
        let manifestArguments = manifest.map { ["--manifest", $0.path] } ?? []
        return [
            .buildCommand(
                displayName: "Compiling GraphQL documents of \(target.name)",
                executable: try context.tool(named: "baton-compile").url,
                arguments: ["--config", config.path, "--output", output.path] + manifestArguments
                    + (documents + markedSwift).map(\.path),
                inputFiles: [config] + schemaFiles(of: object, at: config) + documents + markedSwift,
                outputFiles: [output] + (manifest.map { [$0] } ?? []))
        ]
    }

    /// The configuration's JSON object (empty when unreadable: the compiler reports that).
    private func configuration(at config: URL) -> [String: Any] {
        guard let data = try? Data(contentsOf: config),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }

    /// The schema files the configuration names, so editing the schema regenerates.
    private func schemaFiles(of object: [String: Any], at config: URL) -> [URL] {
        let names = [object["schema"] as? String].compactMap { $0 } + (object["schemaExtensions"] as? [String] ?? [])
        let directory = config.deletingLastPathComponent()
        return names.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : directory.appending(path: $0) }
    }
}
