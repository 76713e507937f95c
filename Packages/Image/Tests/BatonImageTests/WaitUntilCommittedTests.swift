import Foundation
import Testing
@_spi(Baton) @testable import BatonImage

/// `waitUntilCommitted()` returns only when what was handed over is committed (another
/// connection reads it before the image closes), and throws whenever it cannot say so.
@Suite struct WaitUntilCommittedTests {
    static func batch(_ id: String) -> PersistenceBatch {
        PersistenceBatch(entries: [
            .init(snapshot: snapshot(RecordKey(type: "Item", id: id), ["a": .int(1)]), rowWasRead: false)
        ])
    }

    @Test func itReturnsWhenAnotherConnectionReadsWhatWasHandedOver() throws {
        let scratch = Scratch()
        let image = StoreImage.open(at: scratch.file, version: "v1")
        defer { image.close() }
        for n in 0..<20 {
            image.write(Self.batch("\(n)"))
            try image.waitUntilCommitted()
            // A connection of its own sees the batch: it is committed, in the WAL.
            #expect(
                try ImageInspector(path: scratch.file.path).record(RecordKey(type: "Item", id: "\(n)"))?["a"] == .int(1)
            )
        }
    }

    @Test func itThrowsTheFaultThatLostAWriteAndForAStaleHandleAndAfterTheClose() throws {
        let scratch = Scratch()
        let image = StoreImage.open(at: scratch.file, version: "v1")
        try image.waitUntilOpen()
        image.write(Self.batch("fits"))
        try image.waitUntilCommitted()
        try image.file.withOpenDatabase { database throws in
            let pages = try database.connection.integer("PRAGMA page_count")
            try database.connection.execute("PRAGMA max_page_count = \(pages)")
        }
        let big = PersistenceBatch(
            entries: (0..<200).map {
                .init(
                    snapshot: snapshot(
                        RecordKey(type: "Item", id: "big\($0)"), ["text": .string(String(repeating: "x", count: 2_000))]
                    ), rowWasRead: false)
            })
        image.write(big)
        #expect(throws: ImageError.self) { try image.waitUntilCommitted() }
        #expect((try? image.waitUntilCommitted()) == nil, "a later call still says a write was lost")

        image.close()
    }

    @Test func itThrowsForAHandleARemoveAllMadeStaleAndAfterTheClose() throws {
        let scratch = Scratch()
        let image = StoreImage.open(at: scratch.file, version: "v1")
        image.write(Self.batch("1"))
        try image.waitUntilCommitted()
        let next = image.removeAll()
        #expect(
            throws: ImageError.unavailable(
                path: scratch.file.path, reason: "a removeAll() came after this handle was made; its writes are dropped"
            )
        ) {
            try image.waitUntilCommitted()
        }
        next.write(Self.batch("2"))
        try next.waitUntilCommitted()
        next.close()
        #expect(throws: ImageError.unavailable(path: scratch.file.path, reason: "the image was closed")) {
            try next.waitUntilCommitted()
        }
    }

    @Test func anImageThatFailedToOpenThrowsItsError() throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(at: scratch.file, withIntermediateDirectories: true)
        let image = StoreImage.open(at: scratch.file, version: "v1")
        defer { image.close() }
        image.write(Self.batch("1"))
        #expect(throws: ImageError.notAFile(path: scratch.file.path)) { try image.waitUntilCommitted() }
    }

    /// What makes a reported commit survive a kill of the process: WAL, synchronous=NORMAL;
    /// and temporary storage in memory, so that a statement journal past 64 KiB (a launch's
    /// touch of many rows) is not written to a file in the system's temporary directory.
    @Test func theConnectionRunsInWALWithSynchronousNormalAndTemporaryStorageInMemory() throws {
        let scratch = Scratch()
        try scratch.launch { image throws in
            let settings = try image.connectionSettings()
            #expect(settings?.journalMode == "wal")
            #expect(settings?.synchronous == 1)
            #expect(settings?.temporaryStorage == 2)
        }
    }
}
