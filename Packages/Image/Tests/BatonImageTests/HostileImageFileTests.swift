import Foundation
import Testing
@testable import BatonImage
import CSQLite

/// Hostile image files: cut at many sizes, a lying names table, rows naming missing names,
/// garbage row blobs, a wrong header or version, a zero-length file, a directory in the file's
/// place. Each opens as the image documents (``ImageDatabase/open(path:version:)``): garbage, a
/// truncated file, another format or app version starts again empty; an SQLite database of
/// another application and anything that is not a file are left untouched and reported as a
/// typed ``ImageError`` naming the file; a row that does not decode is a miss. Never a crash.
@Suite struct HostileImageFileTests {
    /// Two records, one linking the other, written in one launch; the file's bytes after it.
    @discardableResult
    func twoRecords(_ scratch: Scratch) throws -> Data {
        try scratch.launch {
            $0.writeAndWait(
                PersistenceBatch(entries: [
                    .init(
                        snapshot: snapshot("Character:1", ["name": .string("Rick"), "friend": .link("Character:2")]),
                        rowWasRead: false),
                    .init(snapshot: snapshot("Character:2", ["name": .string("Morty")]), rowWasRead: false),
                ]))
        }
        return try Data(contentsOf: scratch.file)
    }

    /// The file opens as an empty image that then keeps what it is given.
    func expectStartsAgain(_ scratch: Scratch, _ comment: Comment? = nil) throws {
        try scratch.launch { image throws in
            #expect(try image.read("Character:1") == nil, comment)
            #expect(image.fault == nil, comment)
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Character:9", ["name": .string("New")]), rowWasRead: false)
                ]))
            #expect(try image.read("Character:9")?["name"] == .string("New"), comment)
        }
    }

    /// Opening fails with `expected`, reported once; the store's reads miss and writes go
    /// nowhere; the file's bytes are as they were.
    func expectLeftUntouched(_ scratch: Scratch, _ expected: (ImageError) -> Bool) throws {
        let before = try? Data(contentsOf: scratch.file)
        let log = ErrorLog()
        let image = StoreImage.open(at: scratch.file, version: "v1", options: .init(onError: log.handler))
        do {
            try image.waitUntilOpen()
            Issue.record("the open succeeded")
        } catch let error as ImageError {
            #expect(expected(error), "\(error)")
            #expect(error.path == scratch.file.path && "\(error)".contains(scratch.file.path))
        } catch {
            Issue.record("not an ImageError: \(error)")
        }
        #expect(try image.read("Character:1") == nil)
        image.writeAndWait(
            PersistenceBatch(entries: [
                .init(snapshot: snapshot("Character:1", ["name": .string("x")]), rowWasRead: false)
            ])
        )
        image.close()
        #expect((try? Data(contentsOf: scratch.file)) == before)
        #expect(eventually { log.all.count == 1 })
    }

    @Test(arguments: [0, 1, 50, 99, 100, 101, 511, 512, 4095, 4096, 4097, 8191, 8192, 12_288])
    func anImageCutAtSomeSizeStartsAgain(_ size: Int) throws {
        let scratch = Scratch()
        let bytes = try twoRecords(scratch)
        #expect(bytes.count > size)
        try bytes.prefix(size).write(to: scratch.file)
        try expectStartsAgain(scratch, "cut at \(size) of \(bytes.count)")
    }

    @Test func anImageCutOneByteShortStartsAgain() throws {
        let scratch = Scratch()
        let bytes = try twoRecords(scratch)
        try bytes.dropLast().write(to: scratch.file)
        try expectStartsAgain(scratch)
    }

    @Test func aZeroLengthFileStartsAgain() throws {
        let scratch = Scratch()
        try Data().write(to: scratch.file)
        try expectStartsAgain(scratch)
    }

    @Test func aDirectoryWhereTheFileShouldBeIsLeftUntouchedAndNotAFile() throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(at: scratch.file, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: scratch.file.appendingPathComponent("inside"))
        try expectLeftUntouched(scratch) { $0 == .notAFile(path: scratch.file.path) }
        #expect(try Data(contentsOf: scratch.file.appendingPathComponent("inside")) == Data("mine".utf8))
    }

    @Test func aWrongMagicInTheHeaderStartsAgain() throws {
        let scratch = Scratch()
        var bytes = try twoRecords(scratch)
        bytes.replaceSubrange(0..<6, with: Array("MySQL!".utf8))
        try bytes.write(to: scratch.file)
        try expectStartsAgain(scratch)
    }

    @Test func aHeaderWithAnImpossiblePageSizeStartsAgain() throws {
        let scratch = Scratch()
        var bytes = try twoRecords(scratch)
        bytes[16] = 0x03
        bytes[17] = 0x00
        try bytes.write(to: scratch.file)
        try expectStartsAgain(scratch)
    }

    @Test func aFileOfZerosTheSizeOfAnImageStartsAgain() throws {
        let scratch = Scratch()
        let bytes = try twoRecords(scratch)
        try Data(count: bytes.count).write(to: scratch.file)
        try expectStartsAgain(scratch)
    }

    @Test func anImageOfAnotherFormatVersionStartsAgain() throws {
        let scratch = Scratch()
        try twoRecords(scratch)
        try sqlite(scratch.file.path, "PRAGMA user_version = 0")
        try expectStartsAgain(scratch)
    }

    @Test func anImageWhoseVersionRowIsMissingStartsAgain() throws {
        let scratch = Scratch()
        try twoRecords(scratch)
        try sqlite(scratch.file.path, "DELETE FROM meta WHERE name = 'version'")
        try expectStartsAgain(scratch)
    }

    @Test func aTruncatedDatabaseOfAnotherApplicationIsLeftUntouched() throws {
        let scratch = Scratch()
        try sqlite(
            scratch.file.path,
            "PRAGMA application_id = 7; CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES ('\(String(repeating: "n", count: 9000))')"
        )
        let bytes = try Data(contentsOf: scratch.file)
        try bytes.prefix(bytes.count - 4096).write(to: scratch.file)
        try expectLeftUntouched(scratch) { $0 == .notAnImage(path: scratch.file.path, applicationID: 7) }
    }

    @Test func aDuplicateNameReadsThroughEitherIdAndWritesOn() throws {
        let scratch = Scratch()
        try twoRecords(scratch)
        // A second id for "name": rows written with the first still decode, and so do rows
        // that use the second.
        try sqlite(
            scratch.file.path,
            "INSERT INTO names(id, text) SELECT (SELECT max(id) + 1 FROM names), text FROM names WHERE text = 'name'")
        try scratch.launch { image throws in
            #expect(try image.read("Character:1")?["name"] == .string("Rick"))
            #expect(try image.read("Character:2")?["name"] == .string("Morty"))
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Character:3", ["name": .string("Summer")]), rowWasRead: false)
                ]))
            #expect(try image.read("Character:3")?["name"] == .string("Summer"))
        }
        try scratch.launch { image throws in
            #expect(try image.read("Character:3")?["name"] == .string("Summer"))
            #expect(try image.read("Character:1")?["friend"] == .link("Character:2"))
        }
    }

    @Test func aRowNamingAnIdTheNamesTableLacksIsAMissAndTheRestReads() throws {
        let scratch = Scratch()
        try twoRecords(scratch)
        // The link's type ("Character") and the field name "friend" gone from the table.
        try sqlite(scratch.file.path, "DELETE FROM names WHERE text IN ('Character', 'friend')")
        try scratch.launch { image throws in
            #expect(try image.read("Character:1") == nil)
            #expect(try image.read("Character:2")?["name"] == .string("Morty"))
            #expect(image.fault == nil)
            // Writing the record again replaces the row that does not decode.
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(
                        snapshot: snapshot("Character:1", ["name": .string("Rick"), "friend": .link("Character:2")]),
                        rowWasRead: false)
                ]))
            #expect(try image.read("Character:1")?["friend"] == .link("Character:2"))
        }
    }

    @Test func aNamesTableOfNegativeHugeAndNonIntegerIdsOpensAndWritesOn() throws {
        let scratch = Scratch()
        try twoRecords(scratch)
        try sqlite(
            scratch.file.path,
            """
            INSERT INTO names(id, text) VALUES (-5, 'minus'), (\(1 << 30), 'huge');
            """)
        try scratch.launch { image throws in
            #expect(try image.read("Character:2")?["name"] == .string("Morty"))
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Character:4", ["minus": .int(1), "huge": .int(2)]), rowWasRead: false)
                ]))
            #expect(try image.read("Character:4") == snapshot("Character:4", ["minus": .int(1), "huge": .int(2)]))
        }
    }

    @Test func aMissingNamesTableIsATypedErrorAndTheFileIsNotOverwritten() throws {
        let scratch = Scratch()
        try twoRecords(scratch)
        try sqlite(scratch.file.path, "DROP TABLE names")
        try expectLeftUntouched(scratch) { error in
            guard case .sqlite = error else { return false }
            return true
        }
    }

    @Test func aRowBlobOfAnotherTypeOrEmptyIsAMissOrADeletion() throws {
        let scratch = Scratch()
        try twoRecords(scratch)
        try sqlite(
            scratch.file.path,
            """
            UPDATE records SET row = 'text, not a blob' WHERE key = 'Character:1';
            UPDATE records SET row = 42 WHERE key = 'Character:2';
            """)
        try scratch.launch { image throws in
            #expect(try image.read("Character:1") == nil)
            #expect(try image.read("Character:2") == nil)
            #expect(image.fault == nil)
        }
    }

    /// Every cut and every single-byte change of a good row decodes to nil or to some record,
    /// and never traps: 256 values at each byte, and every prefix.
    @Test func everyMutationOfARowBlobIsAMissOrARecordNeverACrash() throws {
        let scratch = Scratch()
        try twoRecords(scratch)
        let good = try blob(scratch.file.path, "Character:1")
        #expect(!good.isEmpty)
        var rows: [[UInt8]] = (0..<good.count).map { Array(good.prefix($0)) }
        for index in good.indices {
            for value in [0x00, 0x01, 0x7F, 0x80, 0xC0, 0xC1, 0xC5, 0xFE, 0xFF] as [UInt8] where good[index] != value {
                var row = good
                row[index] = value
                rows.append(row)
            }
        }
        let hex = { (row: [UInt8]) in row.map { String(format: "%02X", $0) }.joined() }
        let inserts = rows.enumerated().map {
            "INSERT INTO records(key, row, launch) VALUES ('Bad:\($0.offset)', X'\(hex($0.element))', 1);"
        }
        try sqlite(scratch.file.path, "BEGIN; " + inserts.joined() + " COMMIT;")
        try scratch.launch { image throws in
            for index in rows.indices { _ = try image.read(RecordKey("Bad:\(index)")) }
            #expect(try image.read("Character:1")?["name"] == .string("Rick"))
            #expect(image.fault == nil)
        }
    }

    @Test func aRootFieldRowOfGarbageIsAMiss() throws {
        let scratch = Scratch()
        try scratch.launch {
            $0.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("client:root", ["hero": .link("Character:1")]), rowWasRead: false)
                ]))
        }
        try sqlite(scratch.file.path, "UPDATE root_fields SET value = X'FFFFFFFF'")
        try scratch.launch { image throws in
            let root = try image.read("client:root", fields: [Slot("hero")])
            #expect(root?["hero"] == nil)
            #expect(image.fault == nil)
        }
    }

    @Test func anOperationsRowWithAFetchTimeThatIsNotANumberIsNoCrash() throws {
        let scratch = Scratch()
        try twoRecords(scratch)
        try sqlite(
            scratch.file.path, "INSERT INTO operations(name, variables, fetched, launch) VALUES ('Q', '{}', 'never', 1)"
        )
        try scratch.launch { image throws in
            #expect(try image.read("Character:2")?["name"] == .string("Morty"))
        }
    }

    /// A list nested 127 deep reads back; one nested 128 deep (a response may nest 512) makes
    /// its record's row a miss, documented on `RowFormat.maxDepth`, and the other rows read.
    @Test func aRowNestedPastTheDecodersDepthIsAMissAndTheNextWriteReplacesIt() throws {
        let scratch = Scratch()
        func nested(_ depth: Int) -> Value {
            (0..<depth).reduce(Value.int(1)) { inner, _ in .list([inner]) }
        }
        let deepest = snapshot("Tokenizer:a", ["strings": nested(RowFormat.maxDepth - 1)])
        let tooDeep = snapshot("Tokenizer:b", ["strings": nested(RowFormat.maxDepth), "text": .string("x")])
        try scratch.launch {
            $0.writeAndWait(
                PersistenceBatch(entries: [deepest, tooDeep].map { .init(snapshot: $0, rowWasRead: false) }))
        }
        try scratch.launch { image throws in
            #expect(try image.read("Tokenizer:a") == deepest)
            #expect(try image.read("Tokenizer:b") == nil)
            #expect(image.fault == nil)
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Tokenizer:b", ["strings": .int(2)]), rowWasRead: false)
                ]))
            #expect(try image.read("Tokenizer:b") == snapshot("Tokenizer:b", ["strings": .int(2)]))
        }
    }
}

/// The `row` blob of `key` in the file's `records` table.
func blob(_ path: String, _ key: String) throws -> [UInt8] {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK else { throw ImageError.unavailable(path: path, reason: "open") }
    defer { sqlite3_close(db) }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, "SELECT row FROM records WHERE key = '\(key)'", -1, &statement, nil) == SQLITE_OK
    else {
        throw ImageError.unavailable(path: path, reason: "prepare")
    }
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW, let bytes = sqlite3_column_blob(statement, 0) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, 0))))
}
