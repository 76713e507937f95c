import Foundation
import Testing
@_spi(Baton) @testable import BatonImage
import BatonStore

@Suite struct AgeingTests {
    private func entries(_ keys: [RecordKey], text: String = "x") -> PersistenceBatch {
        PersistenceBatch(
            entries: keys.map { .init(snapshot: snapshot($0, ["text": .string(text)]), rowWasRead: false) })
    }

    @Test func rowsNeitherReadNorWrittenForAWholeLaunchAreGoneTheLaunchAfter() throws {
        let scratch = Scratch()
        let operation = OperationIdentity(name: "Q", variables: [:])
        try scratch.launch { image in
            image.writeAndWait(entries(["Row:read", "Row:idle", "Row:rewritten"]))
            image.writeAndWait(
                PersistenceBatch(
                    entries: [.init(snapshot: snapshot(.root, ["a": .int(1), "b": .int(2)]), rowWasRead: false)],
                    fetchTimes: [operation: Date(timeIntervalSince1970: 5)]))
        }
        // Launch 2 reads one row and one root field and rewrites another; the rest is idle.
        try scratch.launch { image throws in
            #expect(try image.read("Row:read") != nil)
            #expect(try image.read(.root, fields: [Slot("a")]) != nil)
            image.writeAndWait(entries(["Row:rewritten", "Row:new"]))
        }
        // Launch 3: the idle rows were untouched for the whole of launch 2. Ageing is the
        // writer's first job after the open and a read does not wait for it: wait here.
        try scratch.launch { image throws in
            image.waitForPendingWrites()
            try image.withReadTransaction { reader throws in
                #expect(try reader.snapshot(of: "Row:read", fields: []) != nil)
                #expect(try reader.snapshot(of: "Row:rewritten", fields: []) != nil)
                #expect(try reader.snapshot(of: "Row:new", fields: []) != nil)
                #expect(try reader.snapshot(of: "Row:idle", fields: []) == nil)
                #expect(
                    try reader.snapshot(of: .root, fields: [Slot("a"), Slot("b")]) == snapshot(.root, ["a": .int(1)]))
                #expect(try reader.fetchTime(of: operation) == nil)
            }
        }
        let stats = try ImageInspector(path: scratch.file.path).stats()
        #expect(stats.launch == 3)
        #expect(stats.records == 3)
    }

    @Test func aReadBeforeTheWritersAgeingSeesNoRowTheAgeingDrops() throws {
        let scratch = Scratch()
        let operation = OperationIdentity(name: "Q", variables: [:])
        try scratch.launch { image in
            image.writeAndWait(entries(["Row:idle", "Row:read"]))
            image.writeAndWait(
                PersistenceBatch(
                    entries: [.init(snapshot: snapshot(.root, ["a": .int(1)]), rowWasRead: false)],
                    fetchTimes: [operation: Date(timeIntervalSince1970: 5)]))
        }
        // Launch 2 reads one row and none of the others.
        try scratch.launch { image throws in
            #expect(try image.read("Row:read") != nil)
            image.waitForPendingWrites()
        }
        // Launch 3, with the writer held between the open and its first job, the ageing: the
        // reads come first, as a check on the main actor can.
        let ageing = DispatchSemaphore(value: 0)
        let image = StoreImage.open(at: scratch.file, version: "v1", holdingAgeingUntil: ageing)
        defer { image.close() }
        try image.waitUntilOpen()
        try image.withReadTransaction { reader throws in
            #expect(try reader.snapshot(of: "Row:idle", fields: []) == nil)
            #expect(
                try reader.readRows(["Row:idle", "Row:none"]) == [.absent, .absent])
            #expect(try reader.snapshot(of: .root, fields: [Slot("a")]) == nil)
            #expect(try reader.fetchTime(of: operation) == nil)
        }
        ageing.signal()
        image.waitForPendingWrites()
        #expect(try ImageInspector(path: scratch.file.path).stats().rowsByLaunch == [2: 1])
    }

    /// A launch that reads and writes no row (an app woken or prewarmed in the background,
    /// drawing no screen) is no launch to the ageing: the rows of the launch before it stay,
    /// and age by the next launch that reads.
    @Test func aLaunchThatReadsAndWritesNoRowAgesNothing() throws {
        let scratch = Scratch()
        try scratch.launch { $0.writeAndWait(entries(["Row:read", "Row:idle"])) }
        try scratch.launch { _ in }
        try scratch.launch { _ in }
        // Launch 4 finds launch 1's rows, and reads one of them.
        try scratch.launch { image throws in
            image.waitForPendingWrites()
            #expect(try image.read("Row:read") != nil)
            #expect(try image.read("Row:idle") != nil)
            image.waitForPendingWrites()
        }
        // Launch 5: both were read in launch 4, the last that read rows.
        try scratch.launch { image throws in
            #expect(try image.read("Row:read") != nil)
        }
        // Launch 6: only Row:read was read in launch 5.
        try scratch.launch { image throws in
            image.waitForPendingWrites()
            #expect(try image.read("Row:read") != nil)
            #expect(try image.read("Row:idle") == nil)
        }
        let stats = try ImageInspector(path: scratch.file.path).stats()
        #expect(stats.launch == 6)
        #expect(stats.activeLaunch == 6)
    }

    /// A launch that writes rows and reads none (a background refresh: the app fetched and
    /// drew no screen) is no launch to the ageing either: what the last launch that drew read
    /// stays beside what the refresh wrote, until a launch that reads leaves some of it unread.
    /// It counted, and a refresh's open was enough to drop every row the refresh did not write.
    @Test func aLaunchThatOnlyWritesKeepsTheRowsTheLaunchBeforeItRead() throws {
        let scratch = Scratch()
        func keys() throws -> Set<RecordKey> { Set(try ImageInspector(path: scratch.file.path).keys()) }
        // Launch 1 fetches; launch 2 draws from the image, reading A and B.
        try scratch.launch { $0.writeAndWait(entries(["Row:A", "Row:B", "Row:C"])) }
        try scratch.launch { image throws in
            #expect(try image.read("Row:A") != nil)
            #expect(try image.read("Row:B") != nil)
            image.waitForPendingWrites()
        }
        // Launch 3, a background refresh: its ageing drops C (unread in launch 2), it rewrites
        // A and writes D, and reads nothing.
        try scratch.launch { image in
            image.waitForPendingWrites()
            image.writeAndWait(entries(["Row:A", "Row:D"], text: "refreshed"))
        }
        #expect(try keys() == ["Row:A", "Row:B", "Row:D"])
        #expect(try ImageInspector(path: scratch.file.path).stats().activeLaunch == 2)
        // Launch 4 draws: its ageing keeps B though launch 3 did not read it. It reads A.
        try scratch.launch { image throws in
            image.waitForPendingWrites()
            #expect(try image.read("Row:A")?[Slot("text")] == .string("refreshed"))
        }
        #expect(try keys() == ["Row:A", "Row:B", "Row:D"])
        // Launch 5: launch 4 read A alone.
        try scratch.launch { $0.waitForPendingWrites() }
        #expect(try keys() == ["Row:A"])
        #expect(try ImageInspector(path: scratch.file.path).stats().activeLaunch == 4)
    }

    /// A file that no launch has read from (every launch so far fetched and wrote) keeps every
    /// row: no launch has said which of them it draws.
    @Test func aFileNoLaunchReadFromKeepsEveryRow() throws {
        let scratch = Scratch()
        try scratch.launch { $0.writeAndWait(entries(["Row:first"])) }
        try scratch.launch { $0.writeAndWait(entries(["Row:second"])) }
        try scratch.launch { image throws in
            image.waitForPendingWrites()
            #expect(try image.read("Row:first") != nil)
            #expect(try image.read("Row:second") != nil)
        }
        #expect(try ImageInspector(path: scratch.file.path).stats().activeLaunch == 3)
    }

    @Test func aReadThatAskedDuringTheOpenRunsBeforeTheAgeing() throws {
        let scratch = Scratch()
        try scratch.launch { $0.writeAndWait(entries(["Row:kept"])) }
        // Launch 2's open is held until the read is waiting for it, as a launch's first
        // check waits on the main actor while the writer's queue opens the file.
        let openMayFinish = DispatchSemaphore(value: 0)
        let image = StoreImage.open(at: scratch.file, version: "v1", beforeOpen: { openMayFinish.wait() })
        defer { image.close() }
        let seen = LaunchSeen()
        let readDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? image.withReadTransaction { reader in
                seen.found = try reader.snapshot(of: "Row:kept", fields: []) != nil
                // Under the image's lock: the launch the file has recorded so far.
                if case .open(let database) = image.file.state {
                    seen.launch = try ImageDatabase.metaInteger("launch", database.connection)
                }
            }
            readDone.signal()
        }
        #expect(eventually { image.file.readsWaiting.load(ordering: .sequentiallyConsistent) == 1 })
        openMayFinish.signal()
        readDone.wait()
        #expect(seen.found)
        // The ageing (which records launch 2) had not run when the read did.
        #expect(seen.launch == 1)
        image.waitForPendingWrites()
        try image.withReadTransaction { _ throws in
            if case .open(let database) = image.file.state {
                #expect(try ImageDatabase.metaInteger("launch", database.connection) == 2)
            }
        }
    }

    @Test func aLaunchsFirstReadAfterTheOpenStillRunsBeforeTheAgeing() throws {
        let scratch = Scratch()
        try scratch.launch { $0.writeAndWait(entries(["Row:kept"])) }
        // Launch 2's file is open before its first check asks (an app draws its first frame
        // after the open): the writer holds the ageing for that read.
        let image = StoreImage.open(at: scratch.file, version: "v1")
        defer { image.close() }
        try image.waitUntilOpen()
        Thread.sleep(forTimeInterval: 0.05)
        var launch: Int64 = -1
        try image.withReadTransaction { reader in
            #expect(try reader.snapshot(of: "Row:kept", fields: []) != nil)
            if case .open(let database) = image.file.state {
                launch = try ImageDatabase.metaInteger("launch", database.connection)
            }
        }
        // The ageing (which records launch 2) had not run when the read did.
        #expect(launch == 1)
        image.waitForPendingWrites()
        try image.withReadTransaction { _ throws in
            if case .open(let database) = image.file.state {
                #expect(try ImageDatabase.metaInteger("launch", database.connection) == 2)
            }
        }
    }

    @Test func everyRowALevelReadIsMovedToItsLaunchWhateverItsKeySpells() throws {
        let scratch = Scratch()
        // Keys the touch's JSON must escape, beyond ASCII, and many of them.
        let read: [RecordKey] =
            ["T:\"quoted\"", "T:back\\slash", "T:tab\there", "T:caf\u{E9}", "T:\u{1F600}"]
            + (0..<300).map { RecordKey("Character:\($0)") }
        try scratch.launch { $0.writeAndWait(entries(read + ["Row:idle"])) }
        try scratch.launch { image throws in
            let reads = try image.withReadTransaction { try $0.readRows(read) }
            #expect(reads.count == read.count)
            #expect(reads.allSatisfy { if case .found = $0 { true } else { false } })
            image.waitForPendingWrites()
        }
        try scratch.launch { image throws in
            image.waitForPendingWrites()
            try image.withReadTransaction { reader throws in
                for key in read { #expect(try reader.snapshot(of: key, fields: []) != nil, "\(key)") }
                #expect(try reader.snapshot(of: "Row:idle", fields: []) == nil)
            }
        }
    }

    @Test func anImageOverItsSizeLimitEvictsOlderLaunchesAndKeepsTheLastLaunchs() throws {
        let scratch = Scratch()
        // Rows that fit in a page (a WITHOUT ROWID row over ~1 KB spills to an overflow page).
        let big = String(repeating: "y", count: 800)
        let old = (0..<200).map { RecordKey(type: "Old", id: String($0)) }
        let new = (0..<200).map { RecordKey(type: "New", id: String($0)) }
        try scratch.launch { $0.writeAndWait(entries(old, text: big)) }
        // Launch 2: the new rows push the file over 250 KB; launch 1's rows go.
        try scratch.launch(options: .init(sizeLimit: 250_000)) { image throws in
            #expect(try image.read(old[0]) != nil)
            image.writeAndWait(entries(new, text: big))
        }
        let afterTwo = try ImageInspector(path: scratch.file.path).stats()
        // Launch 1's rows go, but for the one launch 2 read.
        #expect(afterTwo.records == 201)
        #expect(afterTwo.rowsByLaunch == [2: 201])
        // Launch 3, limit 50 KB: the last launch's rows alone are over it, and stay.
        try scratch.launch(options: .init(sizeLimit: 50_000)) { image throws in
            #expect(try image.read(old[1]) == nil)
            #expect(try image.read(old[0]) != nil)
            try image.withReadTransaction { reader throws in
                for key in new { #expect(try reader.snapshot(of: key, fields: []) != nil) }
            }
        }
        let stats = try ImageInspector(path: scratch.file.path).stats()
        #expect(stats.records == 201)
        #expect(stats.bytes < 250_000)
    }
}

/// What a read on another thread saw, for the test to check after it signals.
private final class LaunchSeen: @unchecked Sendable {
    var found = false
    var launch: Int64?
}
