import Foundation
import Testing
@_spi(Baton) @testable import BatonImage
import BatonStore

/// Row format 2's strings: the key's type and id as one byte, long strings under a prefix
/// kept in the names table, every one reading back as it was written.
@Suite struct StringEncodingTests {
    private func write(_ scratch: Scratch, _ snapshots: [RecordSnapshot], rowWasRead: Bool = false) throws {
        try scratch.launch {
            $0.writeAndWait(PersistenceBatch(entries: snapshots.map { .init(snapshot: $0, rowWasRead: rowWasRead) }))
        }
    }

    @Test func stringsEqualToTheKeysTypeOrIdOrUnderASharedPrefixReadBackAfterARelaunch() throws {
        let scratch = Scratch()
        let character = snapshot(
            "Character:10",
            [
                "__typename": .string("Character"), "id": .string("10"), "name": .string("10"),
                "species": .string("Character"),
                "image": .string("https://rickandmortyapi.com/api/character/avatar/10.jpeg"),
                "aliases": .list([
                    .string("Character"), .string("10"), .string("https://example.com/a/b/c/d/e/f/"),
                    .string("https://例え.jp/パス/長い名前のディレクトリ/ファイル.png"), .string("a/b"),
                    .string("Character:10"),
                ]),
            ])
        let root = snapshot(
            .root, ["label": .string("Character"), "url": .string("https://rickandmortyapi.com/api/character/avatar/")])
        let noType = snapshot("plain", ["id": .string("plain"), "text": .string("plain")])
        try write(scratch, [character, root, noType])
        try scratch.launch { image throws in
            #expect(try image.read("Character:10") == character)
            #expect(try image.read(.root, fields: [Slot("label"), Slot("url")]) == root)
            #expect(try image.read("plain") == noType)
        }
        let names = try namesTable(scratch.file.path)
        #expect(names["https://rickandmortyapi.com/api/character/avatar/"] != nil)
    }

    @Test func aMergeKeepsTheFilesKeyTypeIdAndPrefixedCellsAsTheyWere() throws {
        let scratch = Scratch()
        let url = "https://rickandmortyapi.com/api/character/avatar/1.jpeg"
        try write(scratch, [snapshot("T:1", ["__typename": .string("T"), "id": .string("1"), "image": .string(url)])])
        try write(scratch, [snapshot("T:1", ["name": .string("one")])])
        try scratch.launch { image throws in
            #expect(
                try image.read("T:1")
                    == snapshot(
                        "T:1",
                        ["__typename": .string("T"), "id": .string("1"), "image": .string(url), "name": .string("one")])
            )
        }
    }

    @Test func stringPrefixesStopJoiningTheNamesTableAtTheLimitAndEveryStringStillReadsBack() throws {
        let scratch = Scratch()
        let rows = (0..<(Names.prefixLimit + 36)).map { i in
            snapshot(RecordKey("User:\(i)"), ["avatar": .string("https://host.example/users/\(i)/avatar.png")])
        }
        try write(scratch, rows)
        try scratch.launch { image throws in
            try image.withReadTransaction { reader throws in
                for row in rows { #expect(try reader.snapshot(of: row.key, fields: []) == row) }
            }
        }
        let prefixes = try namesTable(scratch.file.path).keys.filter { $0.hasSuffix("/") }
        #expect(prefixes.count == Names.prefixLimit)
    }
}
