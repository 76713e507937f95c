import Foundation
import BatonImage

/// A temporary directory of one test, holding its image file and any recorded responses the
/// test writes; removed when the value is released. Safe from any thread: its paths are fixed.
final class IntegrationScratch: Sendable {
    let directory: URL

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("baton-integration-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The image file every launch of the test opens.
    var imageFile: URL { directory.appendingPathComponent("store.image") }

    /// Opens the image as a launch does (returns at once; the file opens behind it).
    func openImage() -> StoreImage {
        StoreImage.open(at: imageFile, version: "integration-1")
    }

    /// A subdirectory holding `files` (name → bytes), for a `RecordedTransport`.
    func responses(_ name: String, _ files: [String: Data]) throws -> URL {
        let folder = directory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, bytes) in files { try bytes.write(to: folder.appendingPathComponent(file)) }
        return folder
    }
}
