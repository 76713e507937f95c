import Foundation
import Testing
@_spi(Baton) @testable import BatonImage
import BatonStore

/// The names table keeps what the rows use: a name every row that used it aged out leaves the
/// file at an ageing, once enough names have come; a name any row uses, in a cell, a link's
/// type, a string's prefix or a root field, stays.
@Suite struct NamesPruningTests {
    private let prefixed = "https://example.com/avatars/large/square/"

    private func write(_ image: StoreImage, _ snapshots: [RecordSnapshot]) {
        image.writeAndWait(PersistenceBatch(entries: snapshots.map { .init(snapshot: $0, rowWasRead: false) }))
    }

    /// A record whose names are each used once: a field with arguments, a numeric and a text
    /// link's types, a string's prefix.
    private var kept: RecordSnapshot {
        snapshot(
            "Kept:1",
            [
                "items(first:1)": .list([.link("NumberLinked:7"), .link("TextLinked:x-y")]),
                "avatar": .string(prefixed + "kept.png"),
            ])
    }

    private var keptRoot: RecordSnapshot {
        snapshot(.root, ["node(id:\"kept\")": .link("RootLinked:abc")])
    }

    /// `count` records of names of their own, `page(after:"<tag>N")`.
    private func paged(_ tag: String, _ count: Int) -> [RecordSnapshot] {
        (0..<count).map { snapshot(RecordKey("Page:\(tag)\($0)"), ["page(after:\"\(tag)\($0)\")": .int($0)]) }
    }

    @Test func namesOnlyAgedRowsUsedLeaveTheFileAndEveryKeptRowReadsBack() throws {
        let scratch = Scratch()
        let oldCount = Names.pruneFloor + 100
        // Launch 1: the kept rows and a page field per old row.
        try scratch.launch { image in
            write(image, [kept, keptRoot])
            write(image, paged("old", oldCount))
        }
        // Launch 2 reads the kept rows; its ageing prunes while the old rows are still there,
        // so every name stays.
        try scratch.launch { image throws in
            image.waitForPendingWrites()
            #expect(try image.read("Kept:1") == kept)
            #expect(try image.read(.root, fields: [Slot("node(id:\"kept\")")]) == keptRoot)
        }
        #expect(try namesTable(scratch.file.path).keys.filter { $0.hasPrefix("page(after:") }.count == oldCount)
        // Launch 3: the old rows age out; new names come, enough for the next pruning.
        try scratch.launch { image throws in
            image.waitForPendingWrites()
            #expect(try image.read("Kept:1") == kept)
            #expect(try image.read(.root, fields: [Slot("node(id:\"kept\")")]) == keptRoot)
            write(image, paged("new", Names.pruneFloor))
        }
        // Launch 4's ageing prunes the old rows' names.
        try scratch.launch { image throws in
            image.waitForPendingWrites()
            #expect(try image.read("Kept:1") == kept)
            #expect(try image.read(.root, fields: [Slot("node(id:\"kept\")")]) == keptRoot)
            #expect(try image.read("Page:new3") == paged("new", 4)[3])
        }
        let names = try namesTable(scratch.file.path)
        #expect(!names.keys.contains { $0.hasPrefix("page(after:\"old") })
        #expect(names.keys.filter { $0.hasPrefix("page(after:\"new") }.count == Names.pruneFloor)
        for name in [
            "items(first:1)", "avatar", "NumberLinked", "TextLinked", "RootLinked", "node(id:\"kept\")", prefixed,
        ] {
            #expect(names[name] != nil, "\(name) was pruned")
        }
        // And once more after a relaunch, from the file alone.
        try scratch.launch { image throws in
            #expect(try image.read("Kept:1") == kept)
            #expect(try image.read(.root, fields: [Slot("node(id:\"kept\")")]) == keptRoot)
        }
    }

    @Test func aNamePrunedAndWrittenAgainInTheSameLaunchGetsANewIdAndReadsBack() throws {
        let scratch = Scratch()
        let marker = snapshot("Marker:1", ["text": .string("m")])
        try scratch.launch { image in write(image, paged("old", Names.pruneFloor + 10) + [marker]) }
        try scratch.launch { $0.waitForPendingWrites() }
        // Launch 3 reads the marker alone, so launch 4 drops the old rows and, with enough new
        // names, prunes theirs.
        try scratch.launch { image throws in
            #expect(try image.read("Marker:1") == marker)
            write(image, paged("new", Names.pruneFloor))
        }
        let before = try namesTable(scratch.file.path)
        let again = snapshot("Again:1", ["page(after:\"old5\")": .string("back")])
        try scratch.launch { image throws in
            image.waitForPendingWrites()
            #expect(try namesTable(scratch.file.path)["page(after:\"old5\")"] == nil)
            // This process knew the name's old id; the write must not use it.
            write(image, [again])
            #expect(try image.read("Again:1") == again)
        }
        let after = try namesTable(scratch.file.path)
        #expect(after["page(after:\"old5\")"] != nil)
        #expect(after["page(after:\"old5\")"] != before["page(after:\"old5\")"])
        try scratch.launch { image throws in #expect(try image.read("Again:1") == again) }
    }
}
