import Foundation
import Testing
@_spi(Baton) @testable import BatonImage
import CSQLite
import BatonStore

/// A level of the check read in one statement: the rows of many keys, in their order.
@Suite struct BatchReadTests {
    @Test func theRowsOfManyKeysComeBackInTheKeysOrderWithAMissForAKeyWithoutARow() throws {
        let scratch = Scratch()
        // Keys JSON must escape (quotes, backslashes, control characters), keys beyond ASCII,
        // and keys longer than a word with the character to escape past the first word.
        let keys: [RecordKey] = [
            "Character:1", "T:\"quoted\"", "T:back\\slash", "T:tab\there", "T:caf\u{E9}", "T:\u{1F600}",
            "T:a long key, then a \"quote\"", "T:\u{01}", "Character:2",
        ]
        let rows = keys.enumerated().map { i, key in snapshot(key, ["name": .string("row \(i)")]) }
        try scratch.launch {
            $0.writeAndWait(PersistenceBatch(entries: rows.map { .init(snapshot: $0, rowWasRead: false) }))
        }
        try scratch.launch { image throws in
            let asked = [keys[8], "Character:404"] + keys[1...7] + [keys[0]]
            let read = try image.withReadTransaction { try readRows(asked, $0) }
            #expect(read.count == asked.count)
            #expect(read[1] == nil)
            for (key, record) in zip(asked, read) where key != "Character:404" {
                let record = try #require(record, "\(key)")
                #expect(record.key == key)
                #expect(record == rows.first { $0.key == key })
            }
        }
    }

    @Test func aRowThatFailsToDecodeIsAMissAndTheOthersOfItsBatchAreRead() throws {
        let scratch = Scratch()
        let rows = (1...3).map { snapshot(RecordKey("T:\($0)"), ["name": .string("row \($0)")]) }
        try scratch.launch {
            $0.writeAndWait(PersistenceBatch(entries: rows.map { .init(snapshot: $0, rowWasRead: false) }))
        }
        try sqlite(
            scratch.file.path,
            "UPDATE records SET row = X'\(String(format: "%02X", RowFormat.version))FFFF' WHERE key = 'T:2'")
        try scratch.launch { image throws in
            let read = try image.withReadTransaction { try readRows(["T:1", "T:2", "T:3"], $0) }
            #expect(read.map { $0?.key } == ["T:1", nil, "T:3"])
        }
    }

    @Test func aSingleRecordIsReadAsABatchIs() throws {
        let scratch = Scratch()
        let row = snapshot("T:1", ["name": .string("one")])
        try scratch.launch { $0.writeAndWait(PersistenceBatch(entries: [.init(snapshot: row, rowWasRead: false)])) }
        try scratch.launch { image throws in
            let read = try image.withReadTransaction { try readRows(["T:1"], $0) + readRows(["T:2"], $0) }
            #expect(read.count == 2)
            #expect(read[0] == row)
            #expect(read[1] == nil)
        }
    }

    /// The rows of `keys` read through `readRows(_:)`, as snapshots: nil where no row was read.
    private func readRows(_ keys: [RecordKey], _ reader: any PersistenceReader) throws -> [RecordSnapshot?] {
        let found = try reader.readRows(keys)
        #expect(found.count == keys.count)
        return zip(keys, found).map { key, found in
            guard case .found(let cells) = found else { return nil }
            return cells.snapshot(key: key)
        }
    }

    @Test func keysAsJSONHoldEveryByteOfEveryKey() throws {
        let keys: [RecordKey] = ["a", "", "Character:12345678901", "q\"\\\n\u{1F}\u{7F}z", "caf\u{E9}"]
        let json =
            try JSONSerialization.jsonObject(with: Data(KeyArray.json(keys))) as? [String]
        #expect(json == keys.map(\.rawValue))
    }
}
