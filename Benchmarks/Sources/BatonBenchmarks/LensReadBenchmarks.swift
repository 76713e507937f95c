import BatonLens
import Foundation
import Observation
import BatonTestSupport

/// Field reads through the lenses the compiler plugin generates for BenchmarkScreen.graphql
/// (the seeds' 686 KB screen), beside the same fields read from the records themselves and
/// beside `@Observable` properties. Each ratio's two sides are timed in turn, run after run.
enum LensReadBenchmarks {
    @MainActor
    static func run(_ harness: inout Harness) throws {
        let (environment, data) = try BenchmarkScreen.cached()
        let thumbs = try BenchmarkScreen.thumbnails(of: data)
        let records = thumbs.map(\.ref.record)
        let fields = ["id", "name", "image"].map(FieldSlot.named)
        let reads = Double(thumbs.count * fields.count)

        // Static fields: each thumbnail's three fields, outside any tracking scope, a row at a
        // time as a list's row views read them (each row handed its lens, whose body reads
        // the three fields); beside the same values read bare from the records
        // (`record[untracked:]`), inlined, a field at a time.
        let slots = fields.map(\.slot)
        let (lensRead, recordRead) = try Harness.interleavedMedians(
            { try readThroughLenses(thumbs) / reads },
            { readBare(records, slots) / reads })
        harness.record("lens_read_ns", lensRead)
        harness.record("lens_record_read_ns", recordRead)
        harness.record("lens_read_over_record_read_ratio", lensRead / recordRead)

        // A field with arguments: `characters(page: $page)` of the query's root, read as its
        // lens, beside its link read from the root record and looked up in the store.
        let plan = try environment.plan(BenchmarkScreenQuery.self, variables: BenchmarkScreen.variables)
        guard
            let characters = plan.root.resolved(for: plan.rootTypename).fields.first(where: {
                $0.responseKey == "characters"
            })
        else { throw LensBenchmarkError.notCached }
        let root = data.ref.record
        let store = environment.store
        let argumentReads = 1_000
        let (lensArgumentRead, recordArgumentRead) = try Harness.interleavedMedians(
            {
                try Harness.nanoseconds {
                    for _ in 0..<argumentReads { blackHole(try data.characters) }
                } / Double(argumentReads)
            },
            {
                Harness.nanoseconds {
                    for _ in 0..<argumentReads {
                        guard case .link(let key)? = root[characters.field] else { continue }
                        blackHole(store.record(key))
                    }
                } / Double(argumentReads)
            })
        harness.record("lens_argument_read_ns", lensArgumentRead)
        harness.record("lens_argument_record_read_ns", recordArgumentRead)
        harness.record("lens_argument_read_over_record_read_ratio", lensArgumentRead / recordArgumentRead)

        // Tracked: the same reads inside one tracking scope, as a view body makes them, beside
        // as many `@Observable` property reads, each (object, property) pair once.
        let objects = thumbs.map { _ in ObservableCharacter() }
        let (lensTracked, observable) = Harness.interleavedMedians(
            {
                Harness.nanoseconds {
                    withObservationTracking {
                        for thumb in thumbs { blackHole(try? thumb.id) }
                        for thumb in thumbs { blackHole(try? thumb.name) }
                        for thumb in thumbs { blackHole(try? thumb.image) }
                    } onChange: {
                    }
                } / reads
            },
            {
                Harness.nanoseconds {
                    withObservationTracking {
                        for f in 0..<fields.count {
                            for object in objects { blackHole(object.read(f)) }
                        }
                    } onChange: {
                    }
                } / reads
            })
        harness.record("lens_tracked_read_ns", lensTracked)
        harness.record("lens_observable_read_ns", observable)
        harness.record("lens_tracked_over_observable_ratio", lensTracked / observable)

        // A body reading the screen's query handle (its phase, data, refresh flag and error),
        // one tracking scope a body, beside a body reading the same four properties of a
        // hand-written `@Observable` class of the same types.
        let handle = QueryHandle(
            BenchmarkScreenQuery.self, variables: BenchmarkScreen.variables, policy: .cacheOnly, in: environment)
        guard handle.phase == .ready, let handleData = handle.data else { throw LensBenchmarkError.notCached }
        let screenState = ObservableScreen(data: handleData)
        let bodies = 1_000
        let (handleRead, handleObservable) = Harness.interleavedMedians(
            { Harness.nanoseconds { for _ in 0..<bodies { readHandle(handle) } } / Double(bodies * 4) },
            { Harness.nanoseconds { for _ in 0..<bodies { readScreen(screenState) } } / Double(bodies * 4) })
        harness.record("handle_read_ns", handleRead)
        harness.record("handle_observable_read_ns", handleObservable)
        harness.record("handle_read_over_observable_ratio", handleRead / handleObservable)

        // The screen's lists read again, as a body re-rendered reads them: the 20 results, each
        // character's episodes, each episode's characters (6,493 elements), through the lenses
        // the environment kept for them.
        guard let screen = try data.characters else { throw LensBenchmarkError.notCached }
        let listRead = try Harness.median {
            try Harness.nanoseconds { blackHole(try Profiling.profiledLensListRead(screen)) } / 1e3
        }
        harness.record("lens_list_read_us", listRead)
        withExtendedLifetime(environment) {}
    }
}

extension LensReadBenchmarks {
    typealias Thumbnail = BenchmarkScreenQuery.Characters.Results.Episode.Characters

    /// What an app would write by hand for the screen's state: the handle's four properties,
    /// of the same types, in an `@Observable` class. Main actor.
    @Observable @MainActor
    final class ObservableScreen {
        var phase: QueryPhase = .ready
        var data: BenchmarkScreenQuery.Data?
        var isRefreshing = false
        var error: OperationError?

        init(data: BenchmarkScreenQuery.Data) {
            self.data = data
        }
    }

    /// A body over the query handle: its four properties read in a tracking scope.
    @MainActor @inline(never)
    static func readHandle(_ handle: QueryHandle<BenchmarkScreenQuery>) {
        withObservationTracking {
            blackHole(handle.phase)
            blackHole(handle.data)
            blackHole(handle.isRefreshing)
            blackHole(handle.error)
        } onChange: {
        }
    }

    /// The same body over the hand-written class.
    @MainActor @inline(never)
    static func readScreen(_ screen: ObservableScreen) {
        withObservationTracking {
            blackHole(screen.phase)
            blackHole(screen.data)
            blackHole(screen.isRefreshing)
            blackHole(screen.error)
        } onChange: {
        }
    }

    /// Nanoseconds to read each thumbnail's three fields through its lens, a row at a time.
    @MainActor @inline(never)
    static func readThroughLenses(_ thumbs: [Thumbnail]) throws -> Double {
        try Harness.nanoseconds {
            for thumb in thumbs { try readRow(thumb) }
        }
    }

    /// A row's body: its lens's three fields. Not inlined, so the lens reaches it as a row
    /// view's stored lens reaches its body: copied out of the list once, then read in place.
    /// Reading a field at a time over the whole array instead copies the lens (three
    /// references) out of the array for each field read, which no body does.
    @MainActor @inline(never)
    static func readRow(_ thumb: Thumbnail) throws {
        blackHole(try thumb.id)
        blackHole(try thumb.name)
        blackHole(try thumb.image)
    }

    /// Nanoseconds to read the same values bare from the records, a field at a time over every
    /// record, inlined: the floor of a read, with no call and no copy of anything per row.
    @MainActor @inline(never)
    static func readBare(_ records: [Record], _ slots: [Slot]) -> Double {
        Harness.nanoseconds { readBareFields(records, slots) }
    }

    /// `readBare(_:_:)`'s reads, untimed (inlined into it and into the profile's path).
    @MainActor @inline(__always)
    static func readBareFields(_ records: [Record], _ slots: [Slot]) {
        for slot in slots {
            for record in records { blackHole(record[untracked: slot]) }
        }
    }
}

/// The benchmark's screen: BenchmarkScreen.graphql's lenses over the recorded first page.
@MainActor
enum BenchmarkScreen {
    static let variables: [String: JSONValue] = ["page": 1]

    /// An environment whose store holds the recorded page, committed through the plan.
    static func environment() throws -> GraphQLEnvironment {
        try environment(committing: BenchmarkScreenQuery.self, variables: variables)
    }

    /// An environment whose store holds the recorded page, committed as `operation`'s answer
    /// under `variables` (the fixture's document, whichever lenses read it).
    static func environment<Op: GraphQLOperation>(
        committing operation: Op.Type, variables: [String: JSONValue]
    ) throws -> GraphQLEnvironment {
        let schema = try String(
            contentsOf: TestData.url("Conformance/baton-spec/rickandmorty/schema.graphql"), encoding: .utf8)
        let response = try Foundation.Data(
            contentsOf: TestData.url("Conformance/baton-spec/rickandmorty/characters-page-1.json"))
        let store = Store(normalization: Normalization(schema: try GraphQLSchema.parse(sdl: schema)))
        let environment = GraphQLEnvironment(store: store, transport: UnusedTransport())
        let plan = try environment.plan(operation, variables: variables)
        store.commit(try Ingest().ingest(response, plan: plan).changes, fetched: plan.identity)
        return environment
    }

    /// An environment holding the recorded page, and the screen's query's data read from it
    /// through a handle, as a screen reads it (nothing commits or collects afterwards, so the
    /// records stay once the handle is let go).
    static func cached() throws -> (environment: GraphQLEnvironment, data: BenchmarkScreenQuery.Data) {
        let environment = try environment()
        let handle = QueryHandle(BenchmarkScreenQuery.self, variables: variables, in: environment)
        guard let data = handle.data else { throw LensBenchmarkError.notCached }
        return (environment, data)
    }

    /// Every character the page's episodes show as a thumbnail, one lens per record.
    static func thumbnails(
        of data: BenchmarkScreenQuery.Data
    ) throws -> [BenchmarkScreenQuery.Characters.Results.Episode.Characters] {
        var seen: Set<RecordKey> = []
        var thumbs: [BenchmarkScreenQuery.Characters.Results.Episode.Characters] = []
        for row in try data.characters?.results ?? [] {
            for episode in try row?.episode ?? [] {
                for thumb in try episode?.characters ?? [] {
                    guard let thumb, seen.insert(thumb.key).inserted else { continue }
                    thumbs.append(thumb)
                }
            }
        }
        return thumbs
    }
}
