import Foundation
import BatonCompiler
import BatonNormalize
import BatonTestSupport

/// Where the tests' inputs live: the goldens beside this file; the hostile corpus (a test
/// target of its own under Tests/), the conformance suite and the recorded fixtures in the
/// repository's test data.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let spec = TestData.suite
    static let fixtures = TestData.url("Fixtures")
    static let goldens = testsDirectory.appending(path: "Goldens")
    /// The hostile-name corpus, which the workspace also compiles into a test target.
    static let hostile = TestData.url("BatonCompilerHostileTests")

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }
}

/// The baton-spec test schema with its extensions and baton.json.
enum SpecSchema {
    static let compiler: Compiler = {
        let configuration = try! CompilerConfiguration.load(
            path: TestPaths.spec.appending(path: "tests/baton.json").path)
        return Compiler(schema: try! CompilerSchema.load(configuration: configuration))
    }()

    /// The schema as the runtime's planner has it: a compiled document planned again at run
    /// time with it sends what the compiler hashed (without it, the planner also selects the
    /// `__typename` of every object, as it cannot tell their types).
    static let normalization = Normalization(schema: compiler.schema.schema)

    /// Compiles one document text, named `Doc.graphql`.
    static func compile(_ text: String) -> Compiler.Output {
        compiler.compile([GraphQLSource(file: "Doc.graphql", text: text)])
    }
}
