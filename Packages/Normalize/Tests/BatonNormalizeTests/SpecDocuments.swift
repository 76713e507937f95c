import BatonTestSupport
import Foundation

/// The documents of the conformance suite (`Conformance/baton-spec/documents`), by file name.
enum SpecDocuments {
    /// The `.graphql` file names, sorted.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: TestData.suite.appendingPathComponent("documents").path)
            .filter { $0.hasSuffix(".graphql") }
            .sorted()
    }

    /// The text of the document named `name`.
    static func text(_ name: String) throws -> String {
        try TestData.text("Conformance/baton-spec/documents/\(name)")
    }
}
