import BatonLens
@_spi(Baton) import BatonRecords
import Foundation
import Observation
import BatonImage
import BatonTestSupport

/// `BatonBenchmarks profile PATH [COUNT]`: one hot path of the benchmarks run COUNT times (10 by
/// default) and nothing else timed, for an instruction count of that path alone:
///
/// ```
/// valgrind --tool=callgrind --toggle-collect='*profiled*' .build/release/BatonBenchmarks profile payload
/// ```
///
/// Each run is one call of a function whose name starts with `profiled`, never inlined, so
/// `--toggle-collect` counts its calls and nothing the setup does; divide by COUNT.
enum Profiling {
    static let argument = "profile"

    /// The paths, by name.
    static let paths: [String: @MainActor (Int) throws -> Void] = [
        "ingest": profileIngest,
        "response-commit": profileResponseCommit,
        "payload": profilePayload,
        "first-commit": profileFirstCommit,
        "noop-commit": profileNoopCommit,
        "check": profileCheck,
        "collect-50k": profileCollectFiftyThousand,
        "optimistic-cycle": profileOptimisticCycle,
        "lens-read": profileLensRead,
        "lens-record-read": profileLensRecordRead,
        "lens-argument-read": profileLensArgumentRead,
        "lens-list-read": profileLensListRead,
        "launch-image": writeLaunchImage,
        "tracked-read": profileTrackedRead,
        "observable-read": profileObservableRead,
        "load-next-page": profileLoadNextPage,
        "image-write": profileImageWrite,
        "load-next-page-rows": profileLoadNextPageRows,
        "load-next-page-observable": profileLoadNextPageObservable,
    ]

    @MainActor
    static func run(_ arguments: ArraySlice<String>) throws {
        guard let name = arguments.first, let path = paths[name] else {
            print("usage: BatonBenchmarks profile {\(paths.keys.sorted().joined(separator: "|"))} [COUNT]")
            exit(2)
        }
        let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 10
        try path(count)
        print("profiled \(name) \(count) times")
    }

    /// The fixture's bytes ingested (no commit) through the screen's plan, as the ingest side
    /// of `payload_commit_over_ingest_ratio` times it.
    @MainActor
    static func profileIngest(_ count: Int) throws {
        let environment = try LensFixture.environment()
        let plan = try environment.plan(LensFixture.self, variables: LensFixture.variables)
        for _ in 0..<count { try profiledIngest(FixtureData.bytes, plan: plan) }
    }

    @inline(never)
    static func profiledIngest(_ bytes: [UInt8], plan: OperationPlan) throws {
        blackHole(try Ingest().ingest(bytes, plan: plan))
    }

    /// The fixture's bytes ingested and committed into an empty store, as the response side of
    /// `payload_commit_over_response_commit_ratio` times it.
    @MainActor
    static func profileResponseCommit(_ count: Int) throws {
        let environment = try LensFixture.environment()
        let plan = try environment.plan(LensFixture.self, variables: LensFixture.variables)
        for _ in 0..<count {
            let store = Store(normalization: environment.store.normalization)
            try profiledResponseCommit(FixtureData.bytes, plan: plan, into: store)
        }
    }

    @MainActor @inline(never)
    static func profiledResponseCommit(_ bytes: [UInt8], plan: OperationPlan, into store: Store) throws {
        blackHole(store.commit(try Ingest().ingest(bytes, plan: plan).changes))
    }

    /// The fixture's data written as a payload into an empty environment that planned the
    /// operation, as `payload_commit_fixture_ms` times it.
    @MainActor
    static func profilePayload(_ count: Int) throws {
        let normalization = try LensFixture.environment().store.normalization
        let data = FixtureData.payloadData
        for _ in 0..<count {
            let environment = GraphQLEnvironment(
                store: Store(normalization: normalization), transport: UnusedTransport())
            _ = try environment.plan(LensFixture.self, variables: LensFixture.variables)
            try profiledPayload(JSONValue.deepCopy(of: data), into: environment)
        }
    }

    @MainActor @inline(never)
    static func profiledPayload(_ data: JSONValue, into environment: GraphQLEnvironment) throws {
        try environment.write { try $0.commit(LensFixture.self, variables: LensFixture.variables, data: data) }
    }

    /// The fixture's changes committed into an empty store, as `commit_empty_ms` times it.
    @MainActor
    static func profileFirstCommit(_ count: Int) throws {
        let changes = FixtureData.changes
        for _ in 0..<count {
            let store = Store(normalization: FixtureData.normalization)
            profiledCommit(changes, into: store)
            blackHole(store)
        }
    }

    /// The fixture's changes committed again into a store that holds them, as
    /// `commit_noop_ms` times it.
    @MainActor
    static func profileNoopCommit(_ count: Int) throws {
        let store = FixtureData.filledStore()
        for _ in 0..<count { profiledCommit(FixtureData.changes, into: store) }
    }

    @MainActor @inline(never)
    static func profiledCommit(_ changes: ChangeSet, into store: Store) {
        blackHole(store.commit(changes))
    }

    /// The screen's check from memory over a store that holds the fixture, as
    /// `check_memory_us` times it.
    @MainActor
    static func profileCheck(_ count: Int) throws {
        let store = FixtureData.filledStore()
        for _ in 0..<count { profiledCheck(FixtureData.plan, in: store) }
    }

    @MainActor @inline(never)
    static func profiledCheck(_ plan: OperationPlan, in store: Store) {
        blackHole(store.check(plan))
    }

    /// A collection pass over 50,000 records one root field reaches, as `collect_50k_ms`
    /// times it.
    @MainActor
    static func profileCollectFiftyThousand(_ count: Int) throws {
        let (store, token) = try StoreBenchmarks.fiftyThousandRetained()
        for _ in 0..<count { profiledCollect(store) }
        token.release()
    }

    @MainActor @inline(never)
    static func profiledCollect(_ store: Store) {
        blackHole(store.collect())
    }

    /// An optimistic cycle over the screen, as `optimistic_cycle_ms` times it: every character
    /// renamed as a layer, the page committed beneath it, the server's answer in its place.
    @MainActor
    static func profileOptimisticCycle(_ count: Int) throws {
        let renamed = FixtureData.renamedCharacters()
        for _ in 0..<count {
            profiledOptimisticCycle(renamed, FixtureData.changes, in: FixtureData.filledStore())
        }
    }

    @MainActor @inline(never)
    static func profiledOptimisticCycle(_ renamed: ChangeSet, _ changes: ChangeSet, in store: Store) {
        let layer = store.applyOptimistic(renamed)
        blackHole(store.commit(changes))
        blackHole(store.commit(changes, replacing: layer))
    }

    /// Every thumbnail's three static fields read through their generated lenses, untracked,
    /// as `lens_read_ns` times them.
    @MainActor
    static func profileLensRead(_ count: Int) throws {
        let (environment, data) = try BenchmarkScreen.cached()
        // Held to the end: its list-lens cache goes with it.
        defer { withExtendedLifetime(environment) {} }
        let thumbs = try BenchmarkScreen.thumbnails(of: data)
        for _ in 0..<count { try profiledLensRead(thumbs) }
        print("\(thumbs.count * 3) reads a run")
    }

    @MainActor @inline(never)
    static func profiledLensRead(_ thumbs: [LensReadBenchmarks.Thumbnail]) throws {
        for thumb in thumbs { try LensReadBenchmarks.readRow(thumb) }
    }

    /// The same fields read bare from the thumbnails' records, untracked, as
    /// `lens_record_read_ns` times them (the other side of `lens_read_over_record_read_ratio`).
    @MainActor
    static func profileLensRecordRead(_ count: Int) throws {
        let (environment, data) = try BenchmarkScreen.cached()
        defer { withExtendedLifetime(environment) {} }
        let records = try BenchmarkScreen.thumbnails(of: data).map(\.ref.record)
        let slots = ["id", "name", "image"].map { FieldSlot.named($0).slot }
        for _ in 0..<count { profiledLensRecordRead(records, slots) }
        print("\(records.count * slots.count) reads a run")
    }

    @MainActor @inline(never)
    static func profiledLensRecordRead(_ records: [Record], _ slots: [Slot]) {
        LensReadBenchmarks.readBareFields(records, slots)
    }

    /// 1,000 records' ten fields read in one tracking scope, as `tracked_read_ns` times them.
    @MainActor
    static func profileTrackedRead(_ count: Int) throws {
        let (records, fields) = RecordsBenchmarks.recordsAndFields()
        for _ in 0..<count { profiledTrackedRead(records, fields) }
    }

    @MainActor @inline(never)
    static func profiledTrackedRead(_ records: [Record], _ fields: [FieldSlot]) {
        withObservationTracking {
            for field in fields {
                for record in records { blackHole(record[field]) }
            }
        } onChange: {
        }
    }

    /// As many `@Observable` property reads in one tracking scope, as
    /// `observable_property_read_ns` times them.
    @MainActor
    static func profileObservableRead(_ count: Int) throws {
        let objects = (0..<RecordsBenchmarks.recordCount).map { _ in ObservableCharacter() }
        for _ in 0..<count { profiledObservableRead(objects) }
    }

    @MainActor @inline(never)
    static func profiledObservableRead(_ objects: [ObservableCharacter]) {
        withObservationTracking {
            for f in 0..<RecordsBenchmarks.fieldCount {
                for object in objects { blackHole(object.read(f)) }
            }
        } onChange: {
        }
    }

    /// The query root's `characters(page: $page)` read through its lens 1,000 times, as
    /// `lens_argument_read_ns` times it.
    @MainActor
    static func profileLensArgumentRead(_ count: Int) throws {
        let (environment, data) = try BenchmarkScreen.cached()
        // Held to the end: its list-lens cache goes with it.
        defer { withExtendedLifetime(environment) {} }
        for _ in 0..<count { try profiledLensArgumentRead(data) }
    }

    @MainActor @inline(never)
    static func profiledLensArgumentRead(_ data: BenchmarkScreenQuery.Data) throws {
        for _ in 0..<1_000 { blackHole(try data.characters) }
    }

    /// The page's lists read through their lenses, untracked: its 20 results, each
    /// character's episodes, each episode's characters (every thumbnail, as a screen's rows
    /// are made), each list once a run.
    @MainActor
    static func profileLensListRead(_ count: Int) throws {
        let (environment, data) = try BenchmarkScreen.cached()
        // Held to the end: its list-lens cache goes with it.
        defer { withExtendedLifetime(environment) {} }
        guard let characters = try data.characters else { throw LensBenchmarkError.notCached }
        var elements = 0
        for _ in 0..<count { elements = try profiledLensListRead(characters) }
        print("\(elements) elements a run")
    }

    @MainActor @inline(never)
    static func profiledLensListRead(_ characters: BenchmarkScreenQuery.Characters) throws -> Int {
        var elements = 0
        for row in try characters.results ?? [] {
            guard let row else { continue }
            let episodes = try row.episode
            elements += 1 + episodes.count
            for episode in episodes {
                guard let episode else { continue }
                let thumbs = try episode.characters
                elements += thumbs.count
                blackHole(thumbs)
            }
        }
        return elements
    }
}

extension Profiling {
    /// Writes the fixture's image, as the image suite's launches read it, to a new file in
    /// the temporary directory and prints its path: the file for
    /// `BatonBenchmarks launch-child PATH` under callgrind.
    @MainActor
    static func writeLaunchImage(_ count: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baton-launch.sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        ImageBenchmarks.writeFixture(to: URL(fileURLWithPath: path))
        print(path)
    }
}

extension Profiling {
    /// `loadNext` of a page of 50 into a connection of 4,000 edges that a one-scope view
    /// reads in full, as `load_next_page_ms` times it. The page lands in a task, outside any
    /// `profiled…` call: count its landing with
    /// `--toggle-collect='*GraphQLEnvironmentC4land*'`, and the view's re-render with
    /// `--toggle-collect='*profiledPageRender*'`.
    @MainActor
    static func profileLoadNextPage(_ count: Int) throws {
        try profileLoadNextPage(count, NotesView.self)
    }

    /// As `profileLoadNextPage(_:)`, for the list whose rows are views of their own, as
    /// `load_next_page_rows_ms` times it.
    @MainActor
    static func profileLoadNextPageRows(_ count: Int) throws {
        try profileLoadNextPage(count, NotesListView.self)
    }

    /// The page appended to `@Observable` objects that a one-scope body reads, as
    /// `load_next_page_observable_ms` times it: the Observation-only floor of
    /// `profile load-next-page`'s landing and re-render together.
    @MainActor
    static func profileLoadNextPageObservable(_ count: Int) {
        for _ in 0..<count {
            let (connection, body, page) = ObservableNotes.loaded()
            profiledObservablePage(page, connection, body)
        }
    }

    @MainActor @inline(never)
    static func profiledObservablePage(
        _ page: [ObservableNotes.Edge], _ connection: ObservableNotes.Connection, _ body: ObservableNotes.Body
    ) {
        ObservableNotes.appendPage(page, to: connection, readBy: body)
    }

    @MainActor
    private static func profileLoadNextPage<Shape: NotesScreen>(_ count: Int, _ shape: Shape.Type) throws {
        for _ in 0..<count {
            let (handle, view) = try LensPageBenchmarks.loadedView(shape)
            _ = LensPageBenchmarks.runOnMain {
                await handle.loadNext(LensPageBenchmarks.pageSize)
                return 0
            }
            profiledPageRender(view)
        }
    }

    @MainActor @inline(never)
    static func profiledPageRender(_ view: some NotesScreen) {
        if view.invalidated { view.render() }
    }
}

extension Profiling {
    /// The fixture's batch written by the image's writer into a fresh file, then the writer's
    /// rows inserted bare into another, as `image_writer_commit_898_ms` and
    /// `sqlite_bare_inserts_898_ms` time them. The writer works on its own queue: count it
    /// by `ImageDatabase.write(_:transience:sizeLimit:)`'s exact symbol (Benchmarks/README.md),
    /// and the bare inserts with `--toggle-collect='*bareInserts*'`.
    @MainActor
    static func profileImageWrite(_ count: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "baton-image-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let batch = ImageBenchmarks.fixtureBatch()
        let fixtureFile = directory.appendingPathComponent("fixture.sqlite")
        ImageBenchmarks.writeFixture(to: fixtureFile)
        let rows = try ImageBenchmarks.recordRows(fixtureFile)
        for run in 0..<count {
            let image = StoreImage.open(at: directory.appendingPathComponent("write-\(run).sqlite"), version: "bench")
            try image.waitUntilOpen()
            image.waitForPendingWrites()
            image.write(batch)
            image.waitForPendingWrites()
            image.close()
            _ = try ImageBenchmarks.bareInserts(directory.appendingPathComponent("bare-\(run).sqlite").path, rows)
        }
    }
}
