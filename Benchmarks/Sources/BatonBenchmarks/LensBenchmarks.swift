import BatonLens
import Foundation
import Observation
import BatonTestSupport

/// The Lens layer's figures over the seeds' 686 KB screen (899 records): how long a handle
/// takes to have data from a warm store, and how many of the screen's views re-render when
/// one field changes, beside the Apollo-style watcher that re-executes the operation.
enum LensBenchmarks {
    @MainActor
    static func run(_ harness: inout Harness) throws {
        let environment = try LensFixture.environment()

        // A handle over the cached screen: initializer to data (the check walks every record).
        var handles: [QueryHandle<LensFixture>] = []
        let firstData = Harness.median {
            handles.removeAll()
            return Harness.nanoseconds {
                let handle = QueryHandle(
                    LensFixture.self, variables: LensFixture.variables, policy: .cacheFirst, in: environment)
                precondition(handle.data != nil, "the cached screen must be available before any await")
                handles.append(handle)
            } / 1_000
        }
        harness.record("handle_first_data_us", firstData)

        let handle = QueryHandle(LensFixture.self, variables: LensFixture.variables, in: environment)
        guard let data = handle.data else { throw LensBenchmarkError.notCached }
        let views = try LensScreen.views(of: data)
        let plan = try environment.plan(LensFixture.self, variables: LensFixture.variables)
        let store = environment.store
        var names = ["Rick C-137", "Rick Sanchez"]

        // Lenses: every view tracks its own reads; one field of one record changes.
        var lensRendered = 0
        let lensUpdate = Harness.median {
            let tracker = RenderTracker()
            for view in views { tracker.track(view) }
            names.swapAt(0, 1)
            var changes = ChangeSet()
            changes.write(.string(names[0]), to: Slot("name"), of: "Character:1")
            return Harness.nanoseconds {
                store.commit(changes)
                lensRendered = tracker.rerenderInvalidated()
            } / 1_000
        }
        harness.record("rerender_views_on_one_field", Double(lensRendered))
        harness.record("lens_update_one_field_us", lensUpdate)

        // The watcher baseline (Apollo iOS): one watcher per screen over the records the
        // operation touches; a change to any of them re-executes (materializes) the whole
        // operation and hands the new tree to the screen, which re-renders every view.
        let touched = store.reachableKeys(plan)
        var watcherRendered = 0
        let watcherUpdate = Harness.median {
            names.swapAt(0, 1)
            var changes = ChangeSet()
            changes.write(.string(names[0]), to: Slot("name"), of: "Character:1")
            return Harness.nanoseconds {
                store.commit(changes)
                guard changes.snapshots.contains(where: { touched.contains($0.key) }) else { return }
                let tree = try? Materializer().data(of: plan, from: StoreSource(store: store))
                blackHole(tree)
                watcherRendered = 0
                for view in views {
                    view.body()
                    watcherRendered += 1
                }
            } / 1_000
        }
        harness.record("watcher_baseline_rerender_views", Double(watcherRendered))
        harness.record("watcher_baseline_update_us", watcherUpdate)
        harness.record("screen_views", Double(views.count))
        withExtendedLifetime(handles) {}

        try LensPageBenchmarks.run(&harness)
    }
}

enum LensBenchmarkError: Error {
    case notCached
}

/// Re-runs, as SwiftUI would, exactly the view bodies whose tracked reads were invalidated.
/// Main actor.
@MainActor
private final class RenderTracker {
    private var invalidated: [Int] = []
    private var views: [LensScreen.View] = []

    func track(_ view: LensScreen.View) {
        let index = views.count
        views.append(view)
        withObservationTracking(view.body) { [weak self] in
            MainActor.assumeIsolated { self?.invalidated.append(index) }
        }
    }

    /// Re-runs the invalidated views; returns how many.
    func rerenderInvalidated() -> Int {
        let indices = invalidated
        invalidated.removeAll()
        for index in indices { views[index].body() }
        return indices.count
    }
}

/// The store as a record source for the watcher baseline's materializing. Main actor.
@MainActor
private struct StoreSource: @MainActor RecordSource {
    let store: Store

    func value(_ slot: Slot, of key: RecordKey) -> Value? {
        store.record(key)?[untracked: slot]
    }
}

/// A transport that is never asked: the screen is cached.
struct UnusedTransport: Transport {
    func send(_ request: GraphQLRequest) async throws -> Data {
        throw LensBenchmarkError.notCached
    }
}

/// The screen's operation and its lenses, as an app declares them.
enum LensFixture: GraphQLOperation {
    static let document = try! String(
        contentsOf: TestData.url("Conformance/baton-spec/documents/Fixture.graphql"), encoding: .utf8)
    static let variables: [String: JSONValue] = ["page": 1]

    @MainActor
    static func environment() throws -> GraphQLEnvironment {
        try BenchmarkScreen.environment(committing: LensFixture.self, variables: variables)
    }

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let characters = Linked<Page?>("characters", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Page: Fragment {
        static let typeCondition = "Characters"
        struct Fields: FieldSet {
            let info = Linked<Info?>("info")
            let results = Linked<[CharacterRow]>("results")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Info: Fragment {
        static let typeCondition = "Info"
        struct Fields: FieldSet {
            let count = Scalar<Int?>("count")
            let pages = Scalar<Int?>("pages")
            let next = Scalar<Int?>("next")
            let prev = Scalar<Int?>("prev")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct CharacterRow: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let id = Scalar<String?>("id")
            let name = Scalar<String?>("name")
            let status = Scalar<String?>("status")
            let species = Scalar<String?>("species")
            let type = Scalar<String?>("type")
            let gender = Scalar<String?>("gender")
            let image = Scalar<String?>("image")
            let created = Scalar<String?>("created")
            let origin = Linked<LocationRow?>("origin")
            let location = Linked<LocationRow?>("location")
            let episode = Linked<[EpisodeRow]>("episode")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct LocationRow: Fragment {
        static let typeCondition = "Location"
        struct Fields: FieldSet {
            let id = Scalar<String?>("id")
            let name = Scalar<String?>("name")
            let type = Scalar<String?>("type")
            let dimension = Scalar<String?>("dimension")
            let created = Scalar<String?>("created")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct EpisodeRow: Fragment {
        static let typeCondition = "Episode"
        struct Fields: FieldSet {
            let id = Scalar<String?>("id")
            let name = Scalar<String?>("name")
            let airDate = Scalar<String?>("air_date")
            let episode = Scalar<String?>("episode")
            let created = Scalar<String?>("created")
            let characters = Linked<[CharacterThumb]>("characters")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct CharacterThumb: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let id = Scalar<String?>("id")
            let name = Scalar<String?>("name")
            let image = Scalar<String?>("image")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// The screen as views: one per record it shows, each reading its own lens's fields and the
/// links to its children.
@MainActor
enum LensScreen {
    struct View {
        let key: RecordKey
        let body: () -> Void
    }

    static func views(of data: LensFixture.Data) throws -> [View] {
        var views: [View] = []
        var seen: Set<RecordKey> = []
        func add(_ key: RecordKey, _ body: @escaping () -> Void) -> Bool {
            guard seen.insert(key).inserted else { return false }
            views.append(View(key: key, body: body))
            return true
        }
        guard let page = try data.characters else { return [] }
        _ = add(page.key) {
            _ = try? page.info?.count; _ = try? page.results.count
        }
        if let info = try page.info {
            _ = add(info.key) { _ = try? (info.count, info.pages, info.next, info.prev) }
        }
        let rows = try page.results
        for row in rows {
            _ = add(row.key) {
                _ = try? (row.id, row.name, row.status, row.species, row.type, row.gender, row.image, row.created)
                _ = try? (row.origin?.key, row.location?.key, row.episode.count)
            }
        }
        var episodes: [LensFixture.EpisodeRow] = []
        for row in rows {
            for location in [try row.origin, try row.location].compactMap({ $0 }) {
                _ = add(location.key) {
                    _ = try? (location.id, location.name, location.type, location.dimension, location.created)
                }
            }
            for episode in try row.episode
            where add(
                episode.key,
                {
                    _ = try? (
                        episode.id, episode.name, episode.airDate, episode.episode, episode.created,
                        episode.characters.count
                    )
                })
            {
                episodes.append(episode)
            }
        }
        for episode in episodes {
            for thumb in try episode.characters {
                _ = add(thumb.key) { _ = try? (thumb.id, thumb.name, thumb.image) }
            }
        }
        return views
    }
}
