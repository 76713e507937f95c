import Foundation
import Testing
@_spi(Baton) @testable import BatonImage
import CSQLite

@Suite struct BadFileTests {
    /// Writes a record in one launch and returns the file's bytes after the close.
    private func imageWithOneRecord(_ scratch: Scratch, version: String = "v1") throws -> Data {
        try scratch.launch(version: version) {
            $0.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Character:1", ["name": .string("Rick")]), rowWasRead: false)
                ]))
        }
        return try Data(contentsOf: scratch.file)
    }

    /// Opens the file: it must open as an empty image that then works.
    private func expectFreshImage(_ scratch: Scratch, version: String = "v1") throws {
        try scratch.launch(version: version) { image throws in
            #expect(try image.read("Character:1") == nil)
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Character:9", ["name": .string("New")]), rowWasRead: false)
                ]))
            #expect(try image.read("Character:9")?["name"] == .string("New"))
        }
        #expect(try ImageInspector(path: scratch.file.path).stats().records == 1)
    }

    @Test func garbageIsAMissAndTheFileStartsAgain() throws {
        let scratch = Scratch()
        try Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: scratch.file)
        try expectFreshImage(scratch)
    }

    @Test func aTruncatedImageIsAMissAndTheFileStartsAgain() throws {
        let scratch = Scratch()
        try scratch.launch { $0.writeAndWait(PersistenceBatch(Fixture.changes)) }
        let bytes = try Data(contentsOf: scratch.file)
        #expect(bytes.count > 20_000)
        try bytes.prefix(bytes.count / 2 + 100).write(to: scratch.file)
        try expectFreshImage(scratch)
    }

    @Test func anImageLeftMidCheckpointByACrashKeepsItsRowsFromTheWAL() throws {
        let scratch = Scratch()
        try scratch.launch { $0.writeAndWait(PersistenceBatch(Fixture.changes)) }
        // The next launch writes more; the WAL holds it while the image is open.
        let crashed = scratch.directory.appendingPathComponent("crashed.sqlite")
        let image = StoreImage.open(at: scratch.file, version: "v1")
        try image.waitUntilOpen()
        let more = (0..<200).map {
            RecordSnapshot(
                key: RecordKey(type: "Extra", id: String($0)),
                values: ["text": .string(String(repeating: "z", count: 400))])
        }
        image.writeAndWait(PersistenceBatch(entries: more.map { .init(snapshot: $0, rowWasRead: false) }))
        try FileManager.default.copyItem(at: scratch.file, to: crashed)
        try FileManager.default.copyItem(atPath: scratch.file.path + "-wal", toPath: crashed.path + "-wal")
        image.close()
        // A crash in the checkpoint after it wrote page 1 (the header, with the new page count)
        // and before the pages that grow the file: the WAL still holds every page.
        let checkpointed = try Data(contentsOf: scratch.file)
        var main = try Data(contentsOf: crashed)
        #expect(checkpointed.count > main.count)
        main.replaceSubrange(0..<4096, with: checkpointed.prefix(4096))
        try main.write(to: crashed)
        #expect(FileHeader.inspect(crashed.path) == .truncated(applicationID: ImageSchema.applicationID))

        let reopened = StoreImage.open(at: crashed, version: "v1")
        defer { reopened.close() }
        try reopened.waitUntilOpen()
        #expect(try reopened.read("Extra:199")?["text"] == .string(String(repeating: "z", count: 400)))
        #expect(try reopened.read("Extra:0")?["text"] == .string(String(repeating: "z", count: 400)))
        #expect(reopened.fault == nil)
    }

    @Test func anImageOfAnotherFormatVersionIsAMiss() throws {
        let scratch = Scratch()
        _ = try imageWithOneRecord(scratch)
        try sqlite(scratch.file.path, "PRAGMA user_version = 99")
        try expectFreshImage(scratch)
    }

    @Test func anImageOfFormatOneFromBeforeKeyAndPrefixStringsIsAMissAndStartsAgain() throws {
        let scratch = Scratch()
        _ = try imageWithOneRecord(scratch)
        // The file as format 1 wrote it: user_version 1, rows of row format 1.
        try sqlite(scratch.file.path, "PRAGMA user_version = 1; UPDATE records SET row = X'01' || substr(row, 2)")
        try expectFreshImage(scratch)
    }

    @Test func anImageWrittenUnderAnotherAppVersionIsAMiss() throws {
        let scratch = Scratch()
        _ = try imageWithOneRecord(scratch, version: "schema-digest-A")
        try scratch.launch(version: "schema-digest-A") { image throws in #expect(try image.read("Character:1") != nil) }
        try expectFreshImage(scratch, version: "schema-digest-B")
    }

    @Test func aDatabaseThatIsNotAnImageIsLeftUntouchedAndTheOpenFailsNamingTheFile() throws {
        let scratch = Scratch()
        try sqlite(scratch.file.path, "CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES ('mine')")
        let before = try Data(contentsOf: scratch.file)
        let log = ErrorLog()
        let image = StoreImage.open(at: scratch.file, version: "v1", options: .init(onError: log.handler))
        #expect {
            try image.waitUntilOpen()
        } throws: { error in
            guard let error = error as? ImageError, case .notAnImage(let path, _) = error else { return false }
            return path == scratch.file.path && "\(error)".contains(scratch.file.path)
        }
        // The store keeps working: reads miss, writes go nowhere.
        #expect(try image.read("Character:1") == nil)
        image.writeAndWait(
            PersistenceBatch(entries: [
                .init(snapshot: snapshot("Character:1", ["name": .string("x")]), rowWasRead: false)
            ]))
        image.close()
        #expect(try Data(contentsOf: scratch.file) == before)
        #expect(eventually { log.all.count == 1 })
    }

    @Test func aRowThatFailsToDecodeIsAMiss() throws {
        let scratch = Scratch()
        _ = try imageWithOneRecord(scratch)
        try scratch.launch {
            $0.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Character:2", ["name": .string("Morty")]), rowWasRead: false)
                ]))
        }
        // A wrong format byte (version 1's), a list longer than the row, a name id the file lacks, nesting past the limit.
        let badRows = [
            "X'01'", "X'02' || X'00' || X'C5' || X'10'", "X'02' || X'7F' || X'00'",
            "X'02' || X'00' || zeroblob(0) || X'" + String(repeating: "C1", count: 500) + "'",
            // A prefixed string under a name the file lacks, and one longer than the row.
            "X'02' || X'00' || X'0E' || X'7F' || X'00'",
            "X'02' || X'00' || X'0E' || X'00' || X'05' || X'41'",
        ]
        for (i, bad) in badRows.enumerated() {
            try sqlite(scratch.file.path, "INSERT INTO records(key, row, launch) VALUES ('Bad:\(i)', \(bad), 2)")
        }
        try scratch.launch { image throws in
            for i in badRows.indices { #expect(try image.read(RecordKey("Bad:\(i)")) == nil) }
            #expect(try image.read("Character:2")?["name"] == .string("Morty"))
            // The merge over a row that does not decode writes the entry's own cells.
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Bad:0", ["name": .string("ok")]), rowWasRead: false)
                ]))
            #expect(try image.read("Bad:0") == snapshot("Bad:0", ["name": .string("ok")]))
        }
    }
}

/// Runs `sql` on the file with a connection of its own.
func sqlite(_ path: String, _ sql: String) throws {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK else { throw ImageError.unavailable(path: path, reason: "open") }
    defer { sqlite3_close(db) }
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(db, sql, nil, nil, &message)
    guard code == SQLITE_OK else {
        defer { sqlite3_free(message) }
        throw ImageError.sqlite(path: path, code: code, message: message.map { String(cString: $0) } ?? "")
    }
}
