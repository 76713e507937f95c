import Foundation
import BatonLens
import BatonTestSupport

/// The seeds' benchmark screen: the first page of characters (686 KB, 899 records), as an app
/// would read it through lenses.
enum FixtureQuery: GraphQLOperation {
    static let document = try! TestData.text("Conformance/baton-spec/documents/Fixture.graphql")
    static let variables: [String: JSONValue] = ["page": 1]
    static let response = try! TestData.data("Conformance/baton-spec/rickandmorty/characters-page-1.json")
    static let normalization: Normalization = {
        Normalization(
            schema: try! GraphQLSchema.parse(sdl: TestData.text("Conformance/baton-spec/rickandmorty/schema.graphql")))
    }()

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let characters = Linked<CharactersPage?>("characters", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct CharactersPage: Fragment {
        static let typeCondition = "Characters"
        struct Fields: FieldSet {
            let info = Linked<PageInfo?>("info")
            let results = Linked<[CharacterRow]>("results")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct PageInfo: Fragment {
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

    /// The fixture's response ingested, once for every test that starts from it: the suite's
    /// tests share one main actor, and each ingesting the 686 KB again kept it busy for seconds
    /// of a parallel run.
    @MainActor static let ingested: (changes: ChangeSet, identity: OperationIdentity) = {
        let plan = try! FixtureQuery.plan(variables: variables, normalization: normalization)
        return (try! Ingest().ingest(response, plan: plan).changes, plan.identity)
    }()

    /// A store holding the screen, fetched now.
    @MainActor static func environment(_ transport: any Transport = ScriptedTransport.silent()) -> GraphQLEnvironment {
        let environment = GraphQLEnvironment(store: Store(normalization: normalization), transport: transport)
        environment.store.commit(ingested.changes, fetched: ingested.identity)
        return environment
    }
}

/// The screen as views: one per record it shows, each reading its own lens's fields (and the
/// links to its children, as a row that lays them out does).
@MainActor
enum FixtureScreen {
    struct View {
        let key: RecordKey
        let body: () -> Void
    }

    static func views(of data: FixtureQuery.Data) throws -> [View] {
        var views: [View] = []
        var seen: Set<RecordKey> = []
        func add(_ key: RecordKey, _ body: @escaping () -> Void) -> Bool {
            guard seen.insert(key).inserted else { return false }
            views.append(View(key: key, body: body))
            return true
        }
        let page = try data.characters!
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
        var episodes: [FixtureQuery.EpisodeRow] = []
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
