import Foundation
import Testing
@_spi(Baton) @testable import BatonImage
import CSQLite
import BatonStore

/// The check's read path: a row decoded straight into the cells its new record adopts.
@Suite struct RecordReadTests {
    private func readRecord(_ image: StoreImage, _ key: RecordKey) throws -> RowCells? {
        try image.withReadTransaction { reader in
            let reads = try reader.readRows([key])
            guard reads.count == 1, case .found(let cells) = reads[0] else { return nil }
            return cells
        }
    }

    /// The file-local id of `text` in the file's names table.
    private func nameID(_ path: String, _ text: String) throws -> Int {
        guard let id = try namesTable(path)[text] else {
            throw ImageError.unavailable(path: path, reason: "no name \(text)")
        }
        return id
    }

    @Test func numericLinksReadBackUnderEveryTypeAndNumberSmallOrLarge() throws {
        let scratch = Scratch()
        // Numbers below and at the limit of the keys kept per type, far beyond it, zero, the
        // same number under two types, and a key read twice.
        let links: [Value] = [
            .link("Episode:1"), .link("Location:1"), .link("Episode:16383"), .link("Episode:16384"),
            .link("Episode:18446744073709551615"), .link("Episode:0"), .link("Episode:1"), .link("Location:7"),
        ]
        let rows = [
            snapshot("Character:1", ["episode": .list(links)]),
            snapshot("Character:2", ["episode": .list(links.reversed())]),
        ]
        try scratch.launch {
            $0.writeAndWait(PersistenceBatch(entries: rows.map { .init(snapshot: $0, rowWasRead: false) }))
        }
        try scratch.launch { image throws in
            for row in rows + rows {
                let record = try #require(try readRecord(image, row.key))
                #expect(record.snapshot(key: row.key) == row)
            }
        }
    }

    @Test func aRowReadAsARecordHoldsWhatItsSnapshotHolds() throws {
        let scratch = Scratch()
        let row = snapshot(
            "Character:1",
            [
                "name": .string("Rick Sanchez"),
                "image": .string("https://rickandmortyapi.com/api/character/avatar/1.jpeg"),
                "origin": .link("Location:1"),
                "friend": .link("Character:x-9"),
                "bare": .link("nocolon"),
                "episode": .list([.link("Episode:1"), .link("Episode:28"), .null]),
                "grid": .list([.list([.int(-3), .double(2.5)]), .list([])]),
            ])
        try scratch.launch { $0.writeAndWait(PersistenceBatch(entries: [.init(snapshot: row, rowWasRead: false)])) }
        try scratch.launch { image throws in
            let record = try #require(try readRecord(image, "Character:1"))
            #expect(record.snapshot(key: "Character:1") == row)
            #expect(try image.read("Character:1") == row)
            #expect(try readRecord(image, "Character:2") == nil)
            #expect(try readRecord(image, .root) == nil)
        }
    }

    @Test func aRowInAnotherProcessesSlotOrderReadsSortedBySlot() throws {
        let scratch = Scratch()
        // Interned here in this order, so this process's slots ascend from first to third.
        let first = Slot("orderFirst")
        let second = Slot("orderSecond")
        let third = Slot("orderThird")
        #expect(first < second && second < third)
        try scratch.launch {
            $0.writeAndWait(
                PersistenceBatch(entries: [
                    .init(
                        snapshot: snapshot(
                            "T:1", ["orderFirst": .int(1), "orderSecond": .int(2), "orderThird": .int(3)]),
                        rowWasRead: false)
                ]))
        }
        let path = scratch.file.path
        let (a, b, c) = (
            try nameID(path, "orderFirst"), try nameID(path, "orderSecond"), try nameID(path, "orderThird")
        )
        func hex(_ id: Int) -> String { String(format: "%02X", id) }
        // Cells written third, first, second (ids below 128 are one varint byte; 0x10 + n is the int n).
        try sqlite(
            path,
            "UPDATE records SET row = X'\(hex(Int(RowFormat.version)))\(hex(c))13\(hex(a))11\(hex(b))12' WHERE key = 'T:1'"
        )
        try scratch.launch { image throws in
            let record = try #require(try readRecord(image, "T:1"))
            #expect(Array(record.slots) == [first, second, third])
            #expect(Array(record.values) == [.int(1), .int(2), .int(3)])
            #expect(try image.read("T:1") == record.snapshot(key: "T:1"))
        }
    }

    @Test func aRowNamingAFieldTwiceIsAMiss() throws {
        let scratch = Scratch()
        try scratch.launch {
            $0.writeAndWait(
                PersistenceBatch(entries: [.init(snapshot: snapshot("T:2", ["twice": .int(1)]), rowWasRead: false)]))
        }
        let id = String(format: "%02X", try nameID(scratch.file.path, "twice"))
        try sqlite(
            scratch.file.path,
            "UPDATE records SET row = X'\(String(format: "%02X", RowFormat.version))\(id)11\(id)12' WHERE key = 'T:2'")
        try scratch.launch { image throws in
            #expect(try readRecord(image, "T:2") == nil)
            #expect(try image.read("T:2") == nil)
        }
    }

    @Test func aPayloadMergedOverARowNamingAFieldTwiceReplacesIt() throws {
        let scratch = Scratch()
        try scratch.launch {
            $0.writeAndWait(
                PersistenceBatch(entries: [.init(snapshot: snapshot("T:3", ["twice": .int(1)]), rowWasRead: false)]))
        }
        let id = String(format: "%02X", try nameID(scratch.file.path, "twice"))
        try sqlite(
            scratch.file.path,
            "UPDATE records SET row = X'\(String(format: "%02X", RowFormat.version))\(id)11\(id)12' WHERE key = 'T:3'")
        try scratch.launch { image throws in
            // Not read this launch: the writer merges the row's other cells, and this row has none it can trust.
            image.writeAndWait(
                PersistenceBatch(entries: [.init(snapshot: snapshot("T:3", ["other": .int(3)]), rowWasRead: false)]))
            let record = try #require(try image.read("T:3"))
            #expect(record["other"] == .int(3))
            #expect(record["twice"] == nil)
        }
    }
}
