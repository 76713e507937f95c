import Foundation

/// Files under `shared/data`, which sits beside the repository root (the directory holding
/// `Packages/`), found from this file's path so the tests run wherever the repository is cloned.
enum DocumentTestData {
    static let dataDirectory: URL = {
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Packages").path) {
                return directory.deletingLastPathComponent().appendingPathComponent("shared/data")
            }
            directory = directory.deletingLastPathComponent()
        }
        fatalError("No directory containing Packages/ above \(#filePath)")
    }()

    static func url(_ relativePath: String) -> URL {
        dataDirectory.appendingPathComponent(relativePath)
    }

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: url(relativePath), encoding: .utf8)
    }

    /// The `.graphql` files of `baton-spec/documents`, sorted by name.
    static func specDocumentNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url("baton-spec/documents").path)
            .filter { $0.hasSuffix(".graphql") }
            .sorted()
    }
}
