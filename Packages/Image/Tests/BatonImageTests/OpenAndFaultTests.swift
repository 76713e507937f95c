import Foundation
import Testing
@_spi(Baton) @testable import BatonImage

@Suite struct OpenAndFaultTests {
    @Test func openReturnsAtOnceAndAReadBeforeTheOpenHasFinishedWaitsForIt() throws {
        let scratch = Scratch()
        try scratch.launch {
            $0.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Character:1", ["name": .string("Rick")]), rowWasRead: false)
                ]))
        }
        let start = Date()
        let image = StoreImage.open(at: scratch.file, version: "v1") { Thread.sleep(forTimeInterval: 0.3) }
        #expect(Date().timeIntervalSince(start) < 0.1)
        let read = try image.read("Character:1")
        #expect(Date().timeIntervalSince(start) >= 0.3)
        #expect(read?["name"] == .string("Rick"))
        image.close()
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
