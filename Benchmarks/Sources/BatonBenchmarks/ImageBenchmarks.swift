import Foundation
import CSQLite
@_spi(Baton) import BatonImage

/// The image's figures over the seeds' fixture (686,254 bytes, 898 records and the root):
/// hydrating an empty store through the check against committing the same records, the
/// same rows read with bare SQLite calls, a launch from the open to records in memory, what
/// keeping the image costs a commit on the main actor, and the file's size.
enum ImageBenchmarks {
    static let responseBytes = 686_254.0

    @MainActor
    static func run(_ harness: inout Harness) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "baton-image-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("image.sqlite")

        writeFixture(to: file)
        let fileBytes =
            (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.doubleValue ?? 0
        let hydrate = try measureReads(file, &harness)
        try measureWriter(directory, file, &harness)
        let launch = try measureLaunches(file, &harness)
        harness.record("launch_over_hydrate_ratio", launch / hydrate)
        try measureLaunchAfterHistory(directory, file, &harness)
        harness.record("image_file_bytes", fileBytes)
        harness.record("image_bytes_per_response_byte", fileBytes / responseBytes)
    }

    /// The fixture's records as one batch for the image's writer, none of them read from it.
    static func fixtureBatch() -> PersistenceBatch {
        PersistenceBatch(
            entries: FixtureData.changes.snapshots.map { .init(snapshot: $0, rowWasRead: false) },
            fetchTimes: [FixtureData.plan.identity: Date()])
    }

    /// Writes the file the fixture leaves, through a store as an app would.
    @MainActor
    static func writeFixture(to file: URL) {
        let image = StoreImage.open(at: file, version: "bench")
        let store = Store(normalization: FixtureData.normalization, persistence: image)
        store.commit(FixtureData.changes, fetched: FixtureData.plan.identity)
        image.waitForPendingWrites()
        image.close()
    }

    /// The check of the fixture into an empty store from the image (every row read and
    /// decoded), beside bare SQLite reads of the same rows, the ingest and commit of the same
    /// response, and the image's reads alone.
    /// Returns `hydrate_898_ms`.
    @MainActor
    private static func measureReads(_ file: URL, _ harness: inout Harness) throws -> Double {
        let changes = FixtureData.changes
        let normalization = FixtureData.normalization
        let plan = FixtureData.plan
        let response = FixtureData.response
        let keys = changes.snapshots.map(\.key).filter { !$0.isRoot }
        let image = StoreImage.open(at: file, version: "bench")
        try image.waitUntilOpen()
        // Interleaved with the same keys read with bare sqlite3 calls (in one transaction,
        // nothing decoded), so both see the same moments of a noisy machine: the ratio is the figure.
        let (hydrate, pointReads) = try Harness.interleavedMedians(
            {
                let store = Store(normalization: normalization, persistence: image)
                var result: CheckResult?
                let ms = Harness.milliseconds { result = store.check(plan) }
                guard result?.source == .image, result?.isAvailable == true else { throw BenchError.notHydrated }
                image.waitForPendingWrites()
                return ms
            },
            { try rawPointReads(file.path, keys: keys) })
        // As the issue defines it: ingest and commit of the same response into an empty store.
        let commit = try Harness.median {
            let store = Store(normalization: normalization)
            return try Harness.milliseconds {
                let ingested = try Ingest().ingest(response, plan: plan)
                blackHole(store.commit(ingested.changes, fetched: plan.identity))
            }
        }
        let commitOnly = Harness.median {
            let store = Store(normalization: normalization)
            return Harness.milliseconds { blackHole(store.commit(changes, fetched: plan.identity)) }
        }
        let ingest = try Harness.median {
            try Harness.milliseconds { blackHole(try Ingest().ingest(response, plan: plan)) }
        }
        // The image's share of the check: the same rows read and decoded into snapshots
        // through `withReadTransaction`, no store.
        let reads = try Harness.median {
            try Harness.milliseconds {
                try image.withReadTransaction { reader in
                    for key in keys { blackHole(try reader.snapshot(of: key, fields: [])) }
                }
            }
        }
        image.waitForPendingWrites()
        image.close()
        harness.record("hydrate_898_ms", hydrate)
        harness.record("commit_898_ms", commit)
        harness.record("commit_only_898_ms", commitOnly)
        harness.record("hydrate_over_commit_ratio", hydrate / commit)
        harness.record("ingest_fixture_ms", ingest)
        harness.record("image_reads_898_ms", reads)
        harness.record("sqlite_point_reads_898_ms", pointReads)
        harness.record("image_reads_over_point_reads_ratio", reads / pointReads)
        harness.record("hydrate_over_point_reads_ratio", hydrate / pointReads)
        return hydrate
    }

    /// A launch, as the issue defines it: a new process opens the image off the main actor
    /// and makes a store; from the request to the fixture's records in memory, timed in the
    /// child (process start and the fixture's planning are before the request). And the same
    /// in this process: a fresh image (a new launch of the file) over warm code. Returns
    /// `launch_to_hydrated_ms`.
    @MainActor
    private static func measureLaunches(_ file: URL, _ harness: inout Harness) throws -> Double {
        // Interleaved with the floor under it, a new process reading every row with bare
        // SQLite, over a copy of the file, so that the launches find their file as each other
        // leave it.
        let copy = file.deletingLastPathComponent().appendingPathComponent("cold-reads.sqlite")
        try FileManager.default.copyItem(at: file, to: copy)
        defer { removeFiles(copy.path) }
        let (launch, coldReads) = try Harness.interleavedMedians(
            { try launchInNewProcess(file) }, { try coldReadsInNewProcess(copy) })
        let relaunch = try Harness.median {
            let start = DispatchTime.now().uptimeNanoseconds
            let image = StoreImage.open(at: file, version: "bench")
            let store = Store(normalization: FixtureData.normalization, persistence: image)
            let result = store.check(FixtureData.plan)
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            image.close()
            guard result.source == .image, result.isAvailable else { throw BenchError.notHydrated }
            return ms
        }
        harness.record("launch_to_hydrated_ms", launch)
        harness.record("relaunch_in_process_to_hydrated_ms", relaunch)
        harness.record("sqlite_cold_reads_898_ms", coldReads)
        harness.record("launch_over_cold_reads_ratio", launch / coldReads)
        return launch
    }

    /// A launch of an image with history: the fixture's file once it also held 10,000 names
    /// that no row uses any more (the pages' cursors and `node(id:)`s of an app's earlier
    /// launches, whose rows aged out), after one launch whose ageing ran, as an app's next
    /// launch finds it. Interleaved with launches of the file without them: the ratio is the
    /// figure.
    @MainActor
    private static func measureLaunchAfterHistory(_ directory: URL, _ file: URL, _ harness: inout Harness) throws {
        let aged = directory.appendingPathComponent("history.sqlite")
        try FileManager.default.copyItem(at: file, to: aged)
        try addUnusedNames(aged.path, count: 10_000)
        let image = StoreImage.open(at: aged, version: "bench")
        let store = Store(normalization: FixtureData.normalization, persistence: image)
        // The launch's first read lets the writer's ageing go.
        guard store.check(FixtureData.plan).isAvailable else { throw BenchError.notHydrated }
        image.waitForPendingWrites()
        image.close()
        let (clean, history) = try Harness.interleavedMedians(
            { try launchInNewProcess(file) }, { try launchInNewProcess(aged) })
        harness.record("launch_after_history_ms", history)
        harness.record("launch_after_history_over_launch_ratio", history / clean)
    }

    /// Adds `count` names no row uses to the image at `path` (closed), as field names with a
    /// cursor argument, with bare SQLite calls.
    private static func addUnusedNames(_ path: String, count: Int) throws {
        let insert = try BareStatement(
            path, flags: SQLITE_OPEN_READWRITE, "INSERT INTO names(id, text) SELECT (SELECT max(id) FROM names) + 1, ?1"
        )
        defer { withExtendedLifetime(insert) {} }
        let (db, statement) = (insert.db, insert.statement)
        sqlite3_exec(db, "BEGIN", nil, nil, nil)
        for index in 0..<count {
            let text = "notes(after:\"Y3Vyc29yOnYyOpK5MjAyNC0w\(index)\",first:50)"
            let code = text.withCString { text in
                sqlite3_bind_text(statement, 1, text, -1, nil)
                defer { sqlite3_reset(statement) }
                return sqlite3_step(statement)
            }
            guard code == SQLITE_DONE else { throw BenchError.sqlite(code) }
        }
        guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else { throw BenchError.sqlite(3) }
    }

    /// What keeping the image costs a commit on the main actor (`write(batch)`), and what the
    /// writer spends on it behind the commit (from the hand-over to the commit's end; the
    /// open's ageing done before), interleaved with the store's commit of the same records
    /// and with bare inserts of the writer's rows (the limit). A fresh file each time so every
    /// batch inserts all 898 rows.
    @MainActor
    private static func measureWriter(
        _ directory: URL, _ fixtureFile: URL, _ harness: inout Harness
    ) throws {
        let changes = FixtureData.changes
        let batch = fixtureBatch()
        let rows = try recordRows(fixtureFile)
        var mainActorSamples: [Double] = []
        var writerSamples: [Double] = []
        var commitSamples: [Double] = []
        var bareSamples: [Double] = []
        var multiRowSamples: [Double] = []
        for run in 0..<(Harness.warmups + Harness.runs) {
            let scratch = directory.appendingPathComponent("write-\(UUID().uuidString).sqlite")
            let image = StoreImage.open(at: scratch, version: "bench")
            try? image.waitUntilOpen()
            image.waitForPendingWrites()
            let start = DispatchTime.now().uptimeNanoseconds
            image.write(batch)
            let handedOver = DispatchTime.now().uptimeNanoseconds
            image.waitForPendingWrites()
            let written = DispatchTime.now().uptimeNanoseconds
            image.close()
            removeFiles(scratch.path)
            let store = Store(normalization: FixtureData.normalization)
            let commit = Harness.milliseconds { blackHole(store.commit(changes, fetched: FixtureData.plan.identity)) }
            let bare = try bareInserts(directory.appendingPathComponent("bare-\(UUID().uuidString).sqlite").path, rows)
            let multiRow = try multiRowInserts(
                directory.appendingPathComponent("rows-\(UUID().uuidString).sqlite").path, rows)
            guard run >= Harness.warmups else { continue }
            multiRowSamples.append(multiRow)
            mainActorSamples.append(Double(handedOver - start) / 1e6)
            writerSamples.append(Double(written - handedOver) / 1e6)
            commitSamples.append(commit)
            bareSamples.append(bare)
        }
        func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }
        let writer = median(writerSamples)
        harness.record("image_main_actor_cost_per_commit_ms", median(mainActorSamples))
        harness.record("image_writer_commit_898_ms", writer)
        harness.record("image_writer_over_commit_ratio", writer / median(commitSamples))
        harness.record("sqlite_bare_inserts_898_ms", median(bareSamples))
        harness.record("image_writer_over_bare_inserts_ratio", writer / median(bareSamples))
        let multiRow = median(multiRowSamples)
        harness.record("sqlite_multirow_inserts_898_ms", multiRow)
        harness.record("image_writer_over_multirow_inserts_ratio", writer / multiRow)
        harness.record("multirow_inserts_over_commit_ratio", multiRow / median(commitSamples))
    }

    /// The fixture's record rows as the writer wrote them, by key, in the order the writer
    /// inserts them.
    static func recordRows(_ file: URL) throws -> [(key: String, row: [UInt8])] {
        let connection = try Connection(path: file.path, flags: SQLITE_OPEN_READONLY)
        defer { connection.close() }
        let select = try connection.prepare("SELECT key, row FROM records ORDER BY key")
        var rows: [(key: String, row: [UInt8])] = []
        while try select.step() { rows.append((select.text(0), [UInt8](select.blob(1)))) }
        return rows
    }

    /// Milliseconds for bare SQLite inserts of `rows` into a new file's `records` table (the
    /// image's table, WAL and `synchronous=NORMAL` as the image has them) in one transaction
    /// with one prepared statement, bound in place, through the image's own SQLite wrapper.
    static func bareInserts(_ path: String, _ rows: [(key: String, row: [UInt8])]) throws -> Double {
        defer { removeFiles(path) }
        let connection = try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        defer { connection.close() }
        try connection.execute(recordsTable)
        let insert = try connection.prepare("INSERT INTO records(key, row, launch) VALUES (?1, ?2, ?3)")
        return try Harness.milliseconds {
            try connection.writeTransaction {
                for (key, row) in rows {
                    try insert.withText(key, at: 1) {
                        try insert.withBlob(row, at: 2) {
                            try insert.bind(1, at: 3)
                            try insert.run()
                        }
                    }
                }
            }
        }
    }

    /// The image's `records` table, WAL and `synchronous=NORMAL` as the image has them: what the
    /// bare-insert floors write into.
    static let recordsTable = """
        PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
        CREATE TABLE records(key TEXT PRIMARY KEY, row BLOB NOT NULL, launch INTEGER NOT NULL) WITHOUT ROWID;
        """

    /// Milliseconds for bare SQLite inserts of `rows` (in key order) into a new file's
    /// `records` table, as the writer's statements put them (`RecordStatements.sizes`: 32 rows
    /// to a statement, then the largest of 16, 8, 4, 2 and 1 that fits the rest), every
    /// statement prepared before the clock starts and its keys and rows bound in place from
    /// two buffers. The floor under the writer's own statements, where
    /// ``bareInserts(_:_:)`` is the floor of one statement a row.
    static func multiRowInserts(_ path: String, _ rows: [(key: String, row: [UInt8])]) throws -> Double {
        defer { removeFiles(path) }
        var db: OpaquePointer?
        // Closed however the open went: a failed open still hands back a handle.
        defer { sqlite3_close(db) }
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw BenchError.sqlite(1)
        }
        guard sqlite3_exec(db, recordsTable, nil, nil, nil) == SQLITE_OK else { throw BenchError.sqlite(2) }
        let sizes = RecordStatements.sizes
        func prepare(_ count: Int) throws -> OpaquePointer? {
            let values = (0..<count).map { "(?\(2 * $0 + 2), ?\(2 * $0 + 3), ?1)" }.joined(separator: ", ")
            var statement: OpaquePointer?
            let sql = "INSERT INTO records(key, row, launch) VALUES \(values)"
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw BenchError.sqlite(3) }
            return statement
        }
        var statements: [OpaquePointer?] = []
        defer { for statement in statements { sqlite3_finalize(statement) } }
        for size in sizes { statements.append(try prepare(size)) }
        // The keys and rows one after another in two buffers, as the writer holds them.
        let keys = rows.flatMap { Array($0.key.utf8) }
        let blobs = rows.flatMap(\.row)
        var keyEnds: [Int] = []
        var rowEnds: [Int] = []
        var keyEnd = 0
        var rowEnd = 0
        for (key, row) in rows {
            keyEnd += key.utf8.count
            rowEnd += row.count
            keyEnds.append(keyEnd)
            rowEnds.append(rowEnd)
        }
        return try keys.withUnsafeBufferPointer { keys in
            try blobs.withUnsafeBufferPointer { blobs in
                try Harness.milliseconds {
                    guard sqlite3_exec(db, "BEGIN", nil, nil, nil) == SQLITE_OK else { throw BenchError.sqlite(4) }
                    var done = 0
                    while done < rows.count {
                        let slot = sizes.firstIndex { $0 <= rows.count - done }!
                        let count = sizes[slot]
                        let statement = statements[slot]
                        sqlite3_bind_int64(statement, 1, 1)
                        for i in 0..<count {
                            let index = done + i
                            let keyStart = index == 0 ? 0 : keyEnds[index - 1]
                            let rowStart = index == 0 ? 0 : rowEnds[index - 1]
                            let key = UnsafeRawPointer(keys.baseAddress! + keyStart).assumingMemoryBound(to: CChar.self)
                            sqlite3_bind_text(statement, Int32(2 * i + 2), key, Int32(keyEnds[index] - keyStart), nil)
                            sqlite3_bind_blob(
                                statement, Int32(2 * i + 3), blobs.baseAddress! + rowStart,
                                Int32(rowEnds[index] - rowStart), nil)
                        }
                        guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchError.sqlite(5) }
                        sqlite3_reset(statement)
                        done += count
                    }
                    guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else { throw BenchError.sqlite(6) }
                }
            }
        }
    }

    private static func removeFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    enum BenchError: Error {
        case notHydrated
        case sqlite(Int32)
        case child(String)
    }

    /// The argument that makes the benchmark binary a launch's child: `launch-child FILE`.
    static let launchChildArgument = "launch-child"

    /// Runs this binary as a new process that hydrates `file`; the milliseconds it reports.
    static func launchInNewProcess(_ file: URL) throws -> Double {
        let figures = try Harness.childFigures([launchChildArgument, file.path])
        guard figures.count == 1 else { throw BenchError.child("printed \(figures)") }
        return figures[0]
    }

    /// The argument that makes the benchmark binary a cold read's child: `cold-reads-child FILE`.
    static let coldReadsChildArgument = "cold-reads-child"

    /// Runs this binary as a new process that reads `file`'s rows with bare SQLite; the
    /// milliseconds it reports.
    static func coldReadsInNewProcess(_ file: URL) throws -> Double {
        let figures = try Harness.childFigures([coldReadsChildArgument, file.path])
        guard figures.count == 1 else { throw BenchError.child("printed \(figures)") }
        return figures[0]
    }

    /// The child of ``coldReadsInNewProcess(_:)``, the floor under a launch: from opening the
    /// file with bare SQLite calls (read-write, as the image opens it) to every record row
    /// read, key and bytes, undecoded, in one statement over the table; prints the
    /// milliseconds. What SQLite alone costs a new process: its first open, the schema, the
    /// WAL's index, the rows' pages, with the process's first use of its code.
    static func coldReadsChild(_ path: String) throws {
        let start = DispatchTime.now().uptimeNanoseconds
        let select = try BareStatement(path, flags: SQLITE_OPEN_READWRITE, "SELECT key, row FROM records")
        // Held to the end: the statement's pointer is used after its last mention.
        defer { withExtendedLifetime(select) {} }
        let statement = select.statement
        var rows = 0
        var bytes = 0
        while sqlite3_step(statement) == SQLITE_ROW {
            guard sqlite3_column_text(statement, 0) != nil, sqlite3_column_blob(statement, 1) != nil else { continue }
            bytes += Int(sqlite3_column_bytes(statement, 0)) + Int(sqlite3_column_bytes(statement, 1))
            rows += 1
        }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard rows > 0, bytes > 0 else { throw BenchError.notHydrated }
        print(ms)
    }

    /// The child of ``launchInNewProcess(_:)``: plans the fixture, then from the request to
    /// its records in the store (image opened off the main actor, a new store, the check),
    /// prints the milliseconds. With `BATON_LAUNCH_TRACE=1` it waits for the open on its own
    /// first and prints each phase's end to standard error, to see where a launch goes.
    @MainActor
    static func launchChild(_ path: String) throws {
        let normalization = FixtureData.normalization
        let plan = FixtureData.plan
        let trace = ProcessInfo.processInfo.environment["BATON_LAUNCH_TRACE"] == "1"
        let start = DispatchTime.now().uptimeNanoseconds
        func since() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }
        let image = StoreImage.open(at: URL(fileURLWithPath: path), version: "bench")
        var phases: [(String, Double)] = []
        if trace {
            // The phases one after another: the open waited for alone, then the store, then the check.
            try image.waitUntilOpen()
            phases.append(("open", since()))
        }
        let store = Store(normalization: normalization, persistence: image)
        if trace { phases.append(("store", since())) }
        let result = store.check(plan)
        let ms = since()
        if trace {
            phases.append(("check", ms))
            image.waitForPendingWrites()
            phases.append(("writer done (ageing, touch)", since()))
        }
        image.close()
        guard result.source == .image, result.isAvailable else { throw BenchError.notHydrated }
        for (phase, at) in phases { FileHandle.standardError.write(Data("\(phase) at \(at) ms\n".utf8)) }
        print(ms)
    }

    /// Milliseconds for `keys.count` point reads by text key in one read transaction.
    static func rawPointReads(_ path: String, keys: [RecordKey]) throws -> Double {
        let select = try BareStatement(path, flags: SQLITE_OPEN_READONLY, "SELECT row FROM records WHERE key = ?1")
        defer { withExtendedLifetime(select) {} }
        let (db, statement) = (select.db, select.statement)
        let texts = keys.map(\.rawValue)
        // Warm the page cache, as the image's own connection is warm.
        sqlite3_exec(db, "SELECT count(*) FROM records", nil, nil, nil)
        var found = 0
        let ms = Harness.milliseconds {
            sqlite3_exec(db, "BEGIN", nil, nil, nil)
            for text in texts {
                // Bound without a copy (SQLITE_STATIC), so the text must outlive the step.
                text.withCString { bytes in
                    sqlite3_bind_text(statement, 1, bytes, -1, nil)
                    if sqlite3_step(statement) == SQLITE_ROW, sqlite3_column_blob(statement, 0) != nil { found += 1 }
                    sqlite3_reset(statement)
                }
            }
            sqlite3_exec(db, "COMMIT", nil, nil, nil)
        }
        guard found == texts.count else { throw BenchError.sqlite(3) }
        return ms
    }
}

/// A connection and one prepared statement made with bare `sqlite3` calls, for the figures'
/// floors; both are closed when it goes. Used on one thread.
final class BareStatement {
    let db: OpaquePointer?
    let statement: OpaquePointer?

    init(_ path: String, flags: Int32, _ sql: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK else {
            sqlite3_close(db)
            throw ImageBenchmarks.BenchError.sqlite(1)
        }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            sqlite3_close(db)
            throw ImageBenchmarks.BenchError.sqlite(2)
        }
        self.db = db
        self.statement = statement
    }

    deinit {
        sqlite3_finalize(statement)
        sqlite3_close(db)
    }
}
