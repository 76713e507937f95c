import Foundation
import BatonCompiler

/// Where the tests' inputs live, found from this file: the repository root is the directory
/// holding `Packages/`, the shared data beside it.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let shared = root.deletingLastPathComponent().appending(path: "shared")
    static let spec = shared.appending(path: "data/baton-spec")
    static let goldens = testsDirectory.appending(path: "Goldens")
    /// The hostile-name corpus, which the workspace also compiles into a test target.
    static let hostile = root.appending(path: "Tests/BatonCompilerHostileTests")

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }
}

/// The baton-spec test schema with its extensions and baton.json.
enum SpecSchema {
    static let compiler: Compiler = {
        let configuration = try! CompilerConfiguration.load(path: TestPaths.spec.appending(path: "tests/baton.json").path)
        return Compiler(schema: try! CompilerSchema.load(configuration: configuration))
    }()

    /// Compiles one document text, named `Doc.graphql`.
    static func compile(_ text: String) -> Compiler.Output {
        compiler.compile([GraphQLSource(file: "Doc.graphql", text: text)])
    }
}
