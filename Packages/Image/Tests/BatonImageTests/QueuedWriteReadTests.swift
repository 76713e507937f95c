import Foundation
import Testing
@_spi(Baton) @testable import BatonImage

/// A read sees every batch handed to the writer before it, whether or not the writer has
/// written it yet: the file's rows under the queued writes, folded by the writer's rules.
@Suite struct QueuedWriteReadTests {
    /// The scratch's image, open, with its first jobs done and its writer held: what is written
    /// from here stays queued until `release` is called.
    final class HeldWriter {
        let scratch = Scratch()
        let image: StoreImage
        private var held = true

        init(options: StoreImage.Options = .init(), before: [PersistenceBatch] = []) throws {
            image = StoreImage.open(at: scratch.file, version: "v1", options: options)
            try image.waitUntilOpen()
            for batch in before { image.write(batch) }
            image.waitForPendingWrites()
            image.file.queue.suspend()
        }

        func release() {
            guard held else { return }
            held = false
            image.file.queue.resume()
        }

        deinit {
            release()
            image.close()
        }
    }

    static let rick = PersistenceBatch(
        entries: [
            .init(
                snapshot: snapshot("Character:1", ["name": .string("Rick"), "status": .string("Alive")]),
                rowWasRead: false)
        ])

    static func entry(_ key: RecordKey, _ values: [String: Value], rowWasRead: Bool = false) -> PersistenceBatch {
        PersistenceBatch(entries: [.init(snapshot: snapshot(key, values), rowWasRead: rowWasRead)])
    }

    static func rows(_ image: StoreImage, _ keys: [RecordKey]) throws -> [RowRead] {
        try image.withReadTransaction { try $0.readRows(keys) }
    }

    @MainActor
    @Test func aRecordFreedWhileItsWriteIsQueuedReadsBackAsTheStoreLastHadIt() throws {
        let writer = try HeldWriter(before: [PersistenceBatch(Fixture.changes)])
        let store = Store(normalization: Fixture.normalization, persistence: writer.image)
        #expect(store.check(Fixture.plan).source == .image)
        var renamed = ChangeSet()
        renamed.merge(snapshot("Character:1", ["name": .string("Rick Prime")]))
        _ = store.commit(renamed)
        #expect(store.collect() > 0)
        #expect(store.record("Character:1") == nil)

        let result = store.check(Fixture.plan)
        #expect(result.isAvailable && result.source == .image)
        #expect(store.record("Character:1")?[untracked: Slot("name")] == .string("Rick Prime"))
        writer.release()
        writer.image.waitForPendingWrites()
        #expect(try writer.image.read("Character:1")?["name"] == .string("Rick Prime"))
    }

    @Test func aQueuedMergeReadsOverTheFilesRow() throws {
        let writer = try HeldWriter(before: [Self.rick])
        writer.image.write(Self.entry("Character:1", ["name": .string("Morty")]))
        let expected = snapshot("Character:1", ["name": .string("Morty"), "status": .string("Alive")])
        #expect(try writer.image.read("Character:1") == expected)
        #expect(try Self.rows(writer.image, ["Character:1", "Character:2"]) == [.found(RowCells(expected)), .absent])
    }

    @Test func aQueuedRowThatWasReadReplacesTheFilesRow() throws {
        let writer = try HeldWriter(before: [Self.rick])
        writer.image.write(Self.entry("Character:1", ["name": .string("Morty")], rowWasRead: true))
        #expect(try writer.image.read("Character:1") == snapshot("Character:1", ["name": .string("Morty")]))
    }

    @Test func aQueuedDeletionReadsAsDeletedAndALaterEntryReplacesItsRow() throws {
        let writer = try HeldWriter(before: [Self.rick])
        writer.image.write(PersistenceBatch(deletions: ["Character:1"]))
        #expect(try Self.rows(writer.image, ["Character:1"]) == [.deleted])
        #expect(try writer.image.read("Character:1") == nil)

        writer.image.write(Self.entry("Character:1", ["name": .string("Morty")]))
        let expected = snapshot("Character:1", ["name": .string("Morty")])
        #expect(try Self.rows(writer.image, ["Character:1", "Character:2"]) == [.found(RowCells(expected)), .absent])
        writer.release()
        writer.image.waitForPendingWrites()
        #expect(try writer.image.read("Character:1") == expected, "the writer wrote what the read saw")
    }

    @Test func queuedRootFieldsAndFetchTimesAreRead() throws {
        let name = Slot("viewer")
        let other = Slot("settings")
        let operation = OperationIdentity(name: "Viewer", variables: [:])
        let fetched = Date(timeIntervalSince1970: 1_000)
        let writer = try HeldWriter(before: [
            PersistenceBatch(
                entries: [
                    .init(
                        snapshot: snapshot(.root, ["viewer": .string("old"), "settings": .int(1)]), rowWasRead: false)
                ])
        ])
        writer.image.write(
            PersistenceBatch(
                entries: [.init(snapshot: snapshot(.root, ["viewer": .string("new")]), rowWasRead: false)],
                fetchTimes: [operation: fetched]))
        #expect(
            try writer.image.read(.root, fields: [name, other])
                == snapshot(.root, ["viewer": .string("new"), "settings": .int(1)]))
        #expect(try writer.image.withReadTransaction { try $0.fetchTime(of: operation) } == fetched)

        writer.image.write(PersistenceBatch(deletions: [.root]))
        #expect(try writer.image.read(.root, fields: [name, other]) == nil, "a deletion of the root clears its fields")
    }

    @Test func aQueuedRecordOfATransientTypeIsNotRead() throws {
        let writer = try HeldWriter(options: StoreImage.Options(transientTypes: ["Session"]))
        writer.image.write(Self.entry("Session:1", ["__typename": .string("Session"), "token": .string("secret")]))
        #expect(try writer.image.read("Session:1") == nil)
    }

    @Test func theFoldFollowsTheWritersOrderAndDropsWhatARemovalOrARestartDrops() {
        let none = Transience(types: [], rootFields: [])
        let first = Self.entry("Character:1", ["name": .string("Rick")])
        let second = Self.entry("Character:2", ["name": .string("Morty")])
        #expect(
            QueuedWrites([.batch(first), .removeAll(generation: 1), .batch(second)], transience: none).records.keys
                .sorted() == ["Character:2"])
        #expect(
            QueuedWrites([.batch(first), .reset, .batch(second)], transience: none).records.keys.sorted() == [
                "Character:2"
            ])
        #expect(QueuedWrites([.age, .touch(Touch())], transience: none).isEmpty)

        // Merges over merges keep every cell, the later value winning; a replacement starts over.
        let merged = QueuedWrites(
            [
                .batch(Self.entry("Character:1", ["name": .string("Rick"), "status": .string("Alive")])),
                .batch(Self.entry("Character:1", ["name": .string("Rick Prime")])),
            ], transience: none)
        let expected = snapshot("Character:1", ["name": .string("Rick Prime"), "status": .string("Alive")])
        #expect(merged.row("Character:1", over: .absent) == .found(RowCells(expected)))
        let replaced = QueuedWrites(
            [
                .batch(Self.entry("Character:1", ["name": .string("Rick"), "status": .string("Alive")])),
                .batch(Self.entry("Character:1", ["name": .string("Rick Prime")], rowWasRead: true)),
            ], transience: none)
        #expect(
            replaced.row("Character:1", over: .absent)
                == .found(RowCells(snapshot("Character:1", ["name": .string("Rick Prime")]))))
    }
}
