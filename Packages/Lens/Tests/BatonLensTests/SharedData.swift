import Foundation

/// Files of the shared data set beside the repository (`../shared/data`), found from this
/// file's path so the tests run from any clone.
enum SharedData {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Packages").path) {
                return url.deletingLastPathComponent().appendingPathComponent("shared/data")
            }
        }
        fatalError("the repository root (the directory holding Packages/) was not found above \(#filePath)")
    }()

    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(path))
    }

    static func text(_ path: String) throws -> String {
        try String(decoding: data(path), as: UTF8.self)
    }
}
