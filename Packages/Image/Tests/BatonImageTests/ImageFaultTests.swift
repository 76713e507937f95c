import Foundation
import Testing
@_spi(Baton) @testable import BatonImage

/// Faults under a store: the disk fills, the file turns read-only, a write fails with an I/O
/// error, the file is deleted or replaced while open. In each, the store keeps working in
/// memory, the fault is reported once through `StoreImage.Options.onError`, and the file a next
/// launch finds opens and decodes.
///
/// The process runs as root in CI, where file modes do not stop a write: a file "turns
/// read-only" or "fails on write" here by putting, in place of the descriptor SQLite holds,
/// one opened `O_RDONLY` on the same file — reads go on, every `write(2)` fails with `EBADF`.
@Suite struct ImageFaultTests {
    static let rick = snapshot("Character:1", ["__typename": .string("Character"), "name": .string("Rick")])

    /// One launch with a store over the image: commits Rick, runs `fault` with the writer
    /// idle, then commits the fixture and a change to Rick. Returns what was reported.
    @MainActor
    func launchWithFault(_ scratch: Scratch, _ fault: (StoreImage) throws -> Void) throws -> [ImageError] {
        let log = ErrorLog()
        let image = StoreImage.open(at: scratch.file, version: "v1", options: .init(onError: log.handler))
        try image.waitUntilOpen()
        let store = Store(normalization: Fixture.normalization, persistence: image)
        _ = store.commit(ChangeSet(snapshots: [Self.rick]))
        image.waitForPendingWrites()
        try fault(image)

        // The store goes on in memory whatever the file does.
        _ = store.commit(Fixture.changes, fetched: Fixture.plan.identity)
        _ = store.commit(ChangeSet(snapshots: [snapshot("Character:1", ["name": .string("Rick Prime")])]))
        image.waitForPendingWrites()
        #expect(store.record("Character:1")?[slot: Slot("name")] == .string("Rick Prime"))
        #expect(store.record("Character:2")?[slot: Slot("name")] == .string("Morty Smith"))
        #expect(store.check(Fixture.plan).isAvailable)
        _ = store.commit(ChangeSet(snapshots: [snapshot("Character:2", ["name": .string("Morty")])]))
        image.close()
        #expect(store.record("Character:2")?[slot: Slot("name")] == .string("Morty"))

        #expect(eventually { !log.all.isEmpty })
        Thread.sleep(forTimeInterval: 0.05)
        return log.all
    }

    /// The next launch opens the file with no fault, every row it holds decodes, and
    /// `reads` (run in that launch: a row unread for a launch is gone the launch after) holds.
    func expectReadable(_ scratch: Scratch, _ reads: (StoreImage) throws -> Void) throws {
        let log = ErrorLog()
        try scratch.launch(options: .init(onError: log.handler)) { image throws in
            try image.file.withOpenDatabase { database throws in
                let statement = try database.connection.prepare("PRAGMA integrity_check")
                #expect(try statement.step())
                #expect(statement.text(0) == "ok")
            }
            try reads(image)
        }
        #expect(log.all.isEmpty)
        #expect(try ImageInspector(path: scratch.file.path).undecodableRows().isEmpty)
    }

    @MainActor
    @Test func aDiskFullUnderAStoreIsReportedOnceAndTheStoreKeepsWorking() throws {
        let scratch = Scratch()
        let errors = try launchWithFault(scratch) { image throws in
            try image.file.withOpenDatabase { database throws in
                let pages = try database.connection.integer("PRAGMA page_count")
                try database.connection.execute("PRAGMA max_page_count = \(pages + 1)")
            }
        }
        #expect(errors.count == 1)
        #expect(errors.first?.code.map { $0 & 0xff } == 13)  // SQLITE_FULL
        try expectReadable(scratch) { image throws in
            // The fixture did not fit; a small commit after it may have.
            let name = try image.read("Character:1")?["name"]
            #expect(name == .string("Rick") || name == .string("Rick Prime"))
        }
    }

    @MainActor
    @Test func aFileTurnedReadOnlyIsReportedOnceAndKeepsWhatWasCommitted() throws {
        let scratch = Scratch()
        let errors = try launchWithFault(scratch) { image throws in
            try image.file.withOpenDatabase { _ throws in
                let swapped = try FileDescriptors.makeReadOnly([scratch.file.path, scratch.file.path + "-wal"])
                #expect(swapped >= 2)
            }
        }
        #expect(errors.count == 1)
        #expect(errors.first?.path == scratch.file.path)
        #expect(errors.first?.code.map { $0 & 0xff } == 10)  // SQLITE_IOERR
        try expectReadable(scratch) { image throws in
            #expect(try image.read("Character:1")?["name"] == .string("Rick"))
            #expect(try image.read("Character:2") == nil)
        }
    }

    @MainActor
    @Test func anIOErrorOnAWriteIsReportedOnceAndTheFileKeepsWhatWasCommitted() throws {
        let scratch = Scratch()
        let errors = try launchWithFault(scratch) { image throws in
            try image.file.withOpenDatabase { _ throws in
                #expect(try FileDescriptors.makeReadOnly([scratch.file.path + "-wal"]) == 1)
            }
        }
        #expect(errors.count == 1)
        #expect(errors.first?.code.map { $0 & 0xff } == 10)  // SQLITE_IOERR
        try expectReadable(scratch) { image throws in
            #expect(try image.read("Character:1")?["name"] == .string("Rick"))
            #expect(try image.read("Character:2") == nil)
        }
    }

    @MainActor
    @Test func aFileDeletedWhileOpenIsReportedOnceAndTheNextLaunchStartsAFreshImage() throws {
        let scratch = Scratch()
        let errors = try launchWithFault(scratch) { _ throws in
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: scratch.file.path + suffix)
            }
        }
        #expect(errors.count == 1)
        #expect(
            errors.first == .unavailable(path: scratch.file.path, reason: "the file was deleted or replaced while open")
        )
        try expectReadable(scratch) { image throws in #expect(try image.read("Character:1") == nil) }
    }

    @MainActor
    @Test func aFileReplacedWhileOpenIsReportedOnceAndTheReplacementIsLeftAsItWas() throws {
        let scratch = Scratch()
        // Another image, holding Summer, moved over the open one's path.
        let other = Scratch()
        try other.launch { image throws in
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Character:3", ["name": .string("Summer")]), rowWasRead: false)
                ]))
        }
        let errors = try launchWithFault(scratch) { _ throws in
            #expect(rename(other.file.path, scratch.file.path) == 0)
        }
        #expect(errors.count == 1)
        #expect(
            errors.first == .unavailable(path: scratch.file.path, reason: "the file was deleted or replaced while open")
        )
        try expectReadable(scratch) { image throws in
            #expect(try image.read("Character:3")?["name"] == .string("Summer"))
            #expect(try image.read("Character:1") == nil)
            #expect(try image.read("Character:2") == nil)
        }
    }
}

/// Swaps the process's descriptors of files for read-only ones on the same files.
enum FileDescriptors {
    /// Puts, in place of every descriptor open on one of `paths`, a descriptor opened
    /// `O_RDONLY` on the same file: reads go on, writes fail with `EBADF`. Returns how many
    /// it swapped.
    static func makeReadOnly(_ paths: [String]) throws -> Int {
        let targets = Set(paths.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
        var swapped = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            guard let fd = Int32(name),
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                targets.contains(target)
            else { continue }
            let readOnly = open(target, O_RDONLY)
            guard readOnly >= 0 else { continue }
            defer { close(readOnly) }
            if dup2(readOnly, fd) == fd { swapped += 1 }
        }
        return swapped
    }
}
