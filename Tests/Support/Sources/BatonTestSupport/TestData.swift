import Foundation

/// The repository's test data, under `Tests/`: the conformance suite in
/// `Conformance/baton-spec`, the recorded fixtures in `Fixtures`. Found from this file's own
/// path, so a clone reads its own files and nothing beside it. Stateless; use from any thread.
public enum TestData {
    /// The repository's root (this file is `Tests/Support/Sources/BatonTestSupport/TestData.swift`).
    public static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/`, which every `path` of this type is relative to.
    public static let directory: URL = repository.appendingPathComponent("Tests", isDirectory: true)

    /// The conformance suite's directory, `Conformance/baton-spec`.
    public static let suite: URL = url("Conformance/baton-spec")

    /// The file or directory at `path` under `Tests/` (whether or not it exists).
    public static func url(_ path: String) -> URL {
        directory.appendingPathComponent(path)
    }

    /// The bytes of the file at `path` under `Tests/`.
    public static func data(_ path: String) throws(TestDataError) -> Data {
        do {
            return try Data(contentsOf: url(path))
        } catch {
            throw .unreadable(path: path, directory: directory.path, reason: "\(error)")
        }
    }

    /// The text (UTF-8) of the file at `path` under `Tests/`.
    public static func text(_ path: String) throws(TestDataError) -> String {
        let bytes = try data(path)
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw .notUTF8(path: path, byteCount: bytes.count)
        }
        return text
    }
}
