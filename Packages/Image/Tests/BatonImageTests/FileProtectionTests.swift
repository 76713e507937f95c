import Foundation
import Testing

@testable import BatonImage

/// `Options.fileProtection`: every class is accepted, the image opens with it and keeps
/// its records; on Linux it has no effect (no SQLite flag, no attribute set).
@Suite struct FileProtectionTests {
    @Test(arguments: StoreImage.FileProtection.allCases)
    func everyFileProtectionIsAcceptedAndTheImageOpensAndRoundTrips(_ protection: StoreImage.FileProtection) throws {
        let scratch = Scratch()
        let errors = ErrorLog()
        let options = StoreImage.Options(fileProtection: protection, onError: errors.handler)
        let record = snapshot("Character:1", ["name": .string("Rick Sanchez"), "age": .int(70)])
        try scratch.launch(options: options) { image in
            #expect(image.state == .open)
            image.writeAndWait(PersistenceBatch(entries: [.init(snapshot: record, rowWasRead: false)]))
        }
        let back = try scratch.launch(options: options) { image in
            #expect(image.state == .open)
            #expect(image.fault == nil)
            return try image.read("Character:1")
        }
        #expect(back == record)
        #expect(errors.all.isEmpty)
    }

    @Test func theDefaultLeavesFileProtectionToTheSystem() {
        #expect(StoreImage.Options().fileProtection == nil)
        #expect(ImageFileProtection.openFlag(for: nil) == 0)
    }

    @Test func eachClassMirrorsItsFileProtectionType() {
        let mirrored = StoreImage.FileProtection.allCases.map { ImageFileProtection.protectionType(for: $0).rawValue }
        let types: [FileProtectionType] = [
            .none, .complete, .completeUnlessOpen, .completeUntilFirstUserAuthentication,
        ]
        #expect(mirrored == types.map(\.rawValue))
    }

    @Test func theClassIsSetOnTheLockFileAsOnTheDatabaseAndItsSideFiles() {
        let path = "/images/store.sqlite"
        #expect(
            ImageFileProtection.files(of: path) == [path, path + "-wal", path + "-shm", ImageLock.lockPath(of: path)])
    }

    @Test func theSQLiteFlagIsApplesOrNone() {
        let flags = StoreImage.FileProtection.allCases.map { ImageFileProtection.openFlag(for: $0) }
        #if canImport(Darwin)
        #expect(ImageFileProtection.isEnforced)
        // Apple's sqlite3.h has the flags (values as in its SDK); another SQLite (Homebrew's) none.
        #expect(
            flags == [0x0040_0000, 0x0010_0000, 0x0020_0000, 0x0030_0000] || flags == [0, 0, 0, 0],
            "one SQLITE_OPEN_FILEPROTECTION_* flag per class")
        #else
        #expect(!ImageFileProtection.isEnforced)
        #expect(flags == [0, 0, 0, 0], "this SQLite has no file-protection flags: the open is as without one")
        #endif
    }
}
