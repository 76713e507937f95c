import Foundation
import Testing

/// The typed optimistic response turns a typo into a compile error: `swiftc -typecheck` over
/// this target's generated Swift and a snippet, against the modules this build made, accepts
/// the field's spelling and rejects a misspelling of it (naming the label it got).
struct OptimisticResponseTypecheckTests {
    /// This build's products: the directory of the running test bundle, and the build root two
    /// levels above it (`.build/<triple>/debug` → `.build`), where the plugin writes.
    static let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent()
    static let buildRoot = products.deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift the plugin generated for this target.
    static func generated() throws -> URL {
        let outputs = buildRoot.appending(path: "plugins/outputs")
        let packages = try FileManager.default.contentsOfDirectory(atPath: outputs.path)
        let candidates = packages.map {
            outputs.appending(
                path: "\($0)/BatonCompilerHostileTests/destination/BatonCompilerPlugin/BatonGenerated.swift")
        }
        return try #require(
            candidates.first { FileManager.default.fileExists(atPath: $0.path) },
            "no generated Swift for BatonCompilerHostileTests under \(outputs.path)")
    }

    /// `swiftc -typecheck` of the generated Swift with `snippet`: its exit status and errors.
    static func typecheck(_ snippet: String) throws -> (status: Int32, errors: String) {
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let snippetFile = directory.appending(path: "Snippet.swift")
        try "import BatonLens\n\(snippet)\n".write(to: snippetFile, atomically: true, encoding: .utf8)
        let modules = products.appending(path: "Modules")
        #expect(
            FileManager.default.fileExists(atPath: modules.appending(path: "BatonLens.swiftmodule").path),
            "\(modules.path)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, try generated().path, snippetFile.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func aMisspeltFieldOfTheTypedOptimisticResponseDoesNotCompile() throws {
        let spelt = try Self.typecheck(
            #"let response = OptimisticResponseMutation.OptimisticResponse(object_: .init(id: "o1", name: "n"))"#)
        #expect(spelt.status == 0, "the field's own spelling type-checks: \(spelt.errors)")
        let misspelt = try Self.typecheck(
            #"let response = OptimisticResponseMutation.OptimisticResponse(object_: .init(id: "o1", nmae: "n"))"#)
        #expect(misspelt.status != 0)
        #expect(misspelt.errors.contains("nmae"), "\(misspelt.errors)")
        #expect(
            misspelt.errors.contains("Snippet.swift"),
            "the error is in the snippet, not the generated Swift: \(misspelt.errors)")
    }
}
