import Foundation
import Testing
@_spi(Baton) @testable import BatonImage

/// What an app reads of its image without passing `onError`: ``StoreImage/state``,
/// ``StoreImage/fault``, and the store's ``Store/persistenceFault``.
@Suite struct ImageStateTests {
    @Test func theStateGoesFromOpeningToOpenToClosed() throws {
        let scratch = Scratch()
        let gate = DispatchSemaphore(value: 0)
        let image = StoreImage.open(at: scratch.file, version: "v1") { gate.wait() }
        #expect(image.state == .opening)
        gate.signal()
        try image.waitUntilOpen()
        #expect(image.state == .open)
        image.close()
        #expect(image.state == .closed)
        #expect(image.fault == nil)
    }

    @Test func anImageThatCannotOpenIsFailedAndKeepsItsFaultWithoutOnError() throws {
        let scratch = Scratch()
        try sqlite(scratch.file.path, "CREATE TABLE notes(text TEXT)")
        let image = StoreImage.open(at: scratch.file, version: "v1")
        #expect(eventually { image.state != .opening })
        guard case .failed(.notAnImage(let path, _)) = image.state else {
            Issue.record("the state is \(image.state)")
            return
        }
        #expect(path == scratch.file.path)
        image.close()
        // Closed, the image still says what went wrong.
        #expect(image.state == .closed)
        guard case .notAnImage? = image.fault else {
            Issue.record("the fault is \(String(describing: image.fault))")
            return
        }
    }

    @Test func aFileDeletedWhileOpenTurnsTheStateFailed() throws {
        let scratch = Scratch()
        let image = StoreImage.open(at: scratch.file, version: "v1")
        try image.waitUntilOpen()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: scratch.file.path + suffix) }
        image.writeAndWait(PersistenceBatch(entries: [.init(snapshot: ImageDirectoryTests.rick, rowWasRead: false)]))
        let expected = ImageError.unavailable(
            path: scratch.file.path, reason: "the file was deleted or replaced while open")
        #expect(image.state == .failed(expected))
        #expect(image.fault == expected)
        image.close()
    }

    @Test func aFullDiskKeepsTheImageOpenWithItsFault() throws {
        let scratch = Scratch()
        try scratch.launch { image throws in
            try image.file.withOpenDatabase { database in
                let pages = try database.connection.integer("PRAGMA page_count")
                try database.connection.execute("PRAGMA max_page_count = \(pages + 1)")
            }
            image.writeAndWait(PersistenceBatch(Fixture.changes))
            #expect(image.state == .open)
            #expect(image.fault?.code.map { $0 & 0xff } == 13)  // SQLITE_FULL
        }
    }

    @MainActor
    @Test func aStoreOverAnImageThatCannotOpenLearnsItsFaultAndWorksInMemory() async throws {
        let scratch = Scratch()
        try Data("not a directory".utf8).write(to: scratch.directory.appendingPathComponent("blocker"))
        let file = scratch.directory.appendingPathComponent("blocker/store.image")
        let image = StoreImage.open(at: file, version: "v1")
        defer { image.close() }
        let store = Store(normalization: Fixture.normalization, persistence: image)
        store.commit(Fixture.changes, fetched: Fixture.plan.identity)
        #expect(store.check(Fixture.plan).source == .memory)

        let expected = ImageError.directoryNotCreated(
            path: file.path, directory: scratch.directory.appendingPathComponent("blocker").path, errno: ENOTDIR)
        for _ in 0..<2_000 where store.persistenceFault == nil { try await Task.sleep(for: .milliseconds(1)) }
        #expect(store.persistenceFault == PersistenceFault(expected))
        #expect(store.persistenceFault?.error as? ImageError == expected)
    }
}
