import Foundation
import Synchronization
import Testing
@_spi(Baton) @testable import BatonImage

@Suite struct OpenAndFaultTests {
    @Test func openReturnsAtOnceAndAReadBeforeTheOpenHasFinishedWaitsForIt() throws {
        let scratch = Scratch()
        try scratch.launch { $0.writeAndWait("Character:1", ["name": .string("Rick")]) }
        let start = Date()
        let image = StoreImage.open(at: scratch.file, version: "v1") { Thread.sleep(forTimeInterval: 0.3) }
        #expect(Date().timeIntervalSince(start) < 0.1)
        let read = try image.read("Character:1")
        #expect(Date().timeIntervalSince(start) >= 0.3)
        #expect(read?["name"] == .string("Rick"))
        image.close()
    }

    @Test func aReadBeforeTheOpensThreadBeginsOpensTheFileOnTheReadersThread() throws {
        let scratch = Scratch()
        try scratch.launch { $0.writeAndWait("Character:1", ["name": .string("Rick")]) }
        // The open's own thread is held before it takes the open: the read takes it.
        let openThread = DispatchSemaphore(value: 0)
        let openedOn = Mutex<ObjectIdentifier?>(nil)
        let image = StoreImage.open(at: scratch.file, version: "v1", holdingOpenThreadUntil: openThread) {
            openedOn.withLock { $0 = ObjectIdentifier(Thread.current) }
        }
        // Read from a thread of its own, so that a read that waited for the held thread
        // fails here rather than hangs.
        let readDone = DispatchSemaphore(value: 0)
        let reader = Mutex<(thread: ObjectIdentifier?, name: Value?)>((nil, nil))
        DispatchQueue.global().async {
            let name = (try? image.read("Character:1"))?["name"]
            reader.withLock { $0 = (ObjectIdentifier(Thread.current), name) }
            readDone.signal()
        }
        let readAlone = readDone.wait(timeout: .now() + 5) == .success
        #expect(readAlone, "the read waited for the open's own thread")
        #expect(image.state == .open)
        // Let go, the open's thread finds the file open and lets the writer's queue start: the
        // ageing (which records this launch) and a write both land.
        openThread.signal()
        if !readAlone { readDone.wait() }
        #expect(reader.withLock { $0.name } == .string("Rick"))
        #expect(openedOn.withLock { $0 } == reader.withLock { $0.thread })
        image.writeAndWait("Character:2", ["name": .string("Morty")])
        try image.waitUntilCommitted()
        #expect(try image.read("Character:2")?["name"] == .string("Morty"))
        image.close()
        #expect(try ImageInspector(path: scratch.file.path).stats().launch == 2)
    }

    @Test func aDiskFullIsReportedOnceAndTheFileKeepsWhatWasCommitted() throws {
        let scratch = Scratch()
        let log = ErrorLog()
        try scratch.launch(options: .init(onError: log.handler)) { image throws in
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Character:1", ["name": .string("Rick")]), rowWasRead: false)
                ]))
            // The disk fills: the file may not grow by more than a page.
            try image.file.withOpenDatabase { database in
                let pages = try database.connection.integer("PRAGMA page_count")
                try database.connection.execute("PRAGMA max_page_count = \(pages + 1)")
            }
            image.writeAndWait(PersistenceBatch(Fixture.changes))
            image.writeAndWait(PersistenceBatch(Fixture.changes))
            #expect(try image.read("Character:1")?["name"] == .string("Rick"))
            #expect(try image.read("Character:2") == nil)
        }
        #expect(eventually { log.all.count == 1 })
        Thread.sleep(forTimeInterval: 0.05)
        #expect(log.all.count == 1)
        #expect(log.all.first?.code.map { $0 & 0xff } == 13)  // SQLITE_FULL
        #expect(log.all.first?.path == scratch.file.path)
        try scratch.launch { image throws in #expect(try image.read("Character:1")?["name"] == .string("Rick")) }
        #expect(try ImageInspector(path: scratch.file.path).undecodableRows().isEmpty)
    }
}
