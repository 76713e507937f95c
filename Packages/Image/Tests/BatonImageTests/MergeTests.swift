import Foundation
import Testing
@_spi(Baton) @testable import BatonImage

@Suite struct MergeTests {
    static let full = snapshot(
        "Character:1",
        [
            "name": .string("Rick"), "status": .string("Alive"), "species": .string("Human"),
            "episode": .list([.link("Episode:1")]),
        ])

    @Test func anEntryWhoseRowWasNotReadKeepsTheRowsOtherFields() throws {
        let scratch = Scratch()
        try scratch.launch {
            $0.writeAndWait(PersistenceBatch(entries: [.init(snapshot: Self.full, rowWasRead: false)]))
        }
        // The next launch's header response names two fields; the check never read the row.
        try scratch.launch { image in
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(
                        snapshot: snapshot(
                            "Character:1", ["name": .string("Rick Sanchez"), "gender": .string("Male")]),
                        rowWasRead: false)
                ]))
        }
        let back = try scratch.launch { try $0.read("Character:1") }
        #expect(
            back
                == snapshot(
                    "Character:1",
                    [
                        "name": .string("Rick Sanchez"), "gender": .string("Male"), "status": .string("Alive"),
                        "species": .string("Human"), "episode": .list([.link("Episode:1")]),
                    ]))
    }

    /// The writer puts a batch's rows many to a statement: runs of every length around its
    /// statement sizes, merges and replacements mixed, in keys out of order, come back whole.
    @Test(arguments: [1, 2, 3, 31, 32, 33, 47, 64, 65, 100])
    func aBatchOfAnySizeMergesAndReplacesEachRow(count: Int) throws {
        let scratch = Scratch()
        let keys = (0..<count).map { RecordKey("Character:\(count - $0)") }
        try scratch.launch { image in
            image.writeAndWait(
                PersistenceBatch(
                    entries: keys.map {
                        .init(snapshot: snapshot($0, ["status": .string("old"), "kept": .int(1)]), rowWasRead: false)
                    }))
        }
        // Even positions merge over the row, odd ones replace it.
        try scratch.launch { image in
            image.writeAndWait(
                PersistenceBatch(
                    entries: keys.enumerated().map { index, key in
                        .init(
                            snapshot: snapshot(key, ["status": .string("new \(key.rawValue)")]),
                            rowWasRead: index % 2 == 1)
                    }))
        }
        try scratch.launch { image throws in
            for (index, key) in keys.enumerated() {
                let expected: [String: Value] =
                    index % 2 == 1
                    ? ["status": .string("new \(key.rawValue)")]
                    : ["status": .string("new \(key.rawValue)"), "kept": .int(1)]
                #expect(try image.read(key) == snapshot(key, expected))
            }
        }
    }

    @Test func anEntryWhoseRowWasReadReplacesTheRow() throws {
        let scratch = Scratch()
        try scratch.launch {
            $0.writeAndWait(PersistenceBatch(entries: [.init(snapshot: Self.full, rowWasRead: false)]))
        }
        let replacement = snapshot("Character:1", ["name": .string("Rick Sanchez")])
        try scratch.launch {
            $0.writeAndWait(PersistenceBatch(entries: [.init(snapshot: replacement, rowWasRead: true)]))
        }
        #expect(try scratch.launch { try $0.read("Character:1") } == replacement)
    }

    @Test func aDeletionThenALaterMergeDoesNotResurrectTheDeletedRowsCells() throws {
        let scratch = Scratch()
        try scratch.launch {
            $0.writeAndWait(PersistenceBatch(entries: [.init(snapshot: Self.full, rowWasRead: false)]))
        }
        let named = snapshot("Character:1", ["name": .string("Rick again")])
        try scratch.launch { image in
            // Queued together, so the writer coalesces them into one transaction.
            image.write(PersistenceBatch(deletions: ["Character:1"]))
            image.write(PersistenceBatch(entries: [.init(snapshot: named, rowWasRead: false)]))
            // And within one batch: the deletion applies before the entries.
            image.write(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Character:2", ["name": .string("Morty")]), rowWasRead: false)
                ]))
            image.write(
                PersistenceBatch(
                    entries: [
                        .init(snapshot: snapshot("Character:2", ["status": .string("Alive")]), rowWasRead: false)
                    ],
                    deletions: ["Character:2"]))
        }
        try scratch.launch { image throws in
            #expect(try image.read("Character:1") == named)
            #expect(try image.read("Character:2") == snapshot("Character:2", ["status": .string("Alive")]))
        }
    }
}
