import Foundation
import Testing
@_spi(Baton) @testable import BatonImage

/// Where an app puts its image: a directory that does not exist yet (Application Support on a
/// fresh install) is made; a place that cannot hold the file fails visibly and removes nothing.
@Suite struct ImageDirectoryTests {
    /// Rick, as one commit writes him.
    static let rick = snapshot("Character:1", ["__typename": .string("Character"), "name": .string("Rick")])

    @MainActor
    @Test func anImageUnderDirectoriesThatDoNotExistMakesThemAndTheNextLaunchDrawsFromIt() throws {
        let scratch = Scratch()
        let top = scratch.directory.appendingPathComponent("Library", isDirectory: true)
        let file = top.appendingPathComponent("Application Support/Baton/store.image")
        #expect(!FileManager.default.fileExists(atPath: top.path))

        let first = StoreImage.open(at: file, version: "v1")
        let writer = Store(normalization: Fixture.normalization, persistence: first)
        writer.commit(Fixture.changes, fetched: Fixture.plan.identity)
        first.close()
        #expect(first.fault == nil)
        for directory in [top, top.appendingPathComponent("Application Support"), file.deletingLastPathComponent()] {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
            #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700, "\(directory.path)")
        }

        // The relaunch: a new image and store over the same path.
        let image = StoreImage.open(at: file, version: "v1")
        defer { image.close() }
        let store = Store(normalization: Fixture.normalization, persistence: image)
        let check = store.check(Fixture.plan)
        #expect(check.isAvailable)
        #expect(check.source == .image)
        #expect(image.state == .open)
        #expect(image.fault == nil)
    }

    @Test func aPathUnderARegularFileFailsNamingTheFileInTheWayAndItsErrnoAndLeavesItAsItWas() throws {
        let scratch = Scratch()
        let blocker = scratch.directory.appendingPathComponent("Application Support")
        let bytes = Data("the app's own file".utf8)
        try bytes.write(to: blocker)
        let file = blocker.appendingPathComponent("Baton/store.image")
        let expected = ImageError.directoryNotCreated(path: file.path, directory: blocker.path, errno: ENOTDIR)

        let image = StoreImage.open(at: file, version: "v1")
        #expect(throws: expected) { try image.waitUntilOpen() }
        #expect(image.state == .failed(expected))
        #expect(image.fault == expected)
        #expect("\(expected)".contains(blocker.path) && "\(expected)".contains("errno \(ENOTDIR)"))
        // The store's side keeps working: reads miss, writes go nowhere.
        #expect(try image.read("Character:1") == nil)
        image.writeAndWait(PersistenceBatch(entries: [.init(snapshot: Self.rick, rowWasRead: false)]))
        image.close()
        #expect(try Data(contentsOf: blocker) == bytes)
    }

    @Test func aPathThatNamesADirectoryFailsAndTheDirectoryKeepsEverythingInIt() throws {
        let scratch = Scratch()
        let directory = scratch.directory.appendingPathComponent("Application Support", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let kept = directory.appendingPathComponent("settings.plist")
        try Data("the app's own file".utf8).write(to: kept)

        let image = StoreImage.open(at: directory, version: "v1")
        #expect(throws: ImageError.notAFile(path: directory.path)) { try image.waitUntilOpen() }
        #expect(image.state == .failed(.notAFile(path: directory.path)))
        image.close()
        #expect(try Data(contentsOf: kept) == Data("the app's own file".utf8))
    }

    @Test func imagesOpenedTogetherUnderOneMissingDirectoryAllOpen() throws {
        let scratch = Scratch()
        let directory = scratch.directory.appendingPathComponent("Shared/Baton", isDirectory: true)
        let images = (0..<4).map {
            StoreImage.open(at: directory.appendingPathComponent("image-\($0).sqlite"), version: "v1")
        }
        for image in images {
            try image.waitUntilOpen()
            #expect(image.state == .open)
            image.close()
        }
    }
}
