import Foundation
import BatonLens

/// The large list screen of `fixtures.json` (`characters-page-1`: 686 KB, 899 records) as an
/// app reads it through lenses, and as views: one per record it shows.
enum IntegrationFixtureScreen: GraphQLOperation {
    static let fixture = RecordedFixture.named("characters-page-1")!
    static let document = (try? String(contentsOf: RecordedFixture.directory.appendingPathComponent(fixture.operation),
                                       encoding: .utf8)) ?? ""
    static let variables = fixture.variables
    /// The fixture's normalization (its schema and the suite's identity).
    static let normalization = try! fixture.plan().normalization

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let characters = Link<Page?>("characters", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Page: Fragment {
        static let typeCondition = "Characters"
        struct Fields: FieldSet {
            let info = Link<Info?>("info")
            let results = Link<[Row]>("results")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Info: Fragment {
        static let typeCondition = "Info"
        struct Fields: FieldSet {
            let count = Scalar<Int?>("count")
            let next = Scalar<Int?>("next")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Row: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let name = Scalar<String?>("name")
            let status = Scalar<String?>("status")
            let species = Scalar<String?>("species")
            let image = Scalar<String?>("image")
            let origin = Link<Place?>("origin")
            let location = Link<Place?>("location")
            let episode = Link<[Episode]>("episode")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Place: Fragment {
        static let typeCondition = "Location"
        struct Fields: FieldSet {
            let name = Scalar<String?>("name")
            let dimension = Scalar<String?>("dimension")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Episode: Fragment {
        static let typeCondition = "Episode"
        struct Fields: FieldSet {
            let name = Scalar<String?>("name")
            let code = Scalar<String?>("episode")
            let characters = Link<[Thumb]>("characters")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Thumb: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let name = Scalar<String?>("name")
            let image = Scalar<String?>("image")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    /// The screen's views, one per record, each named by its record's key and reading that
    /// record's fields through the lenses (and the links to its children, as a row laying
    /// them out does). A record reached twice (a character in a row and in an episode) is one
    /// view reading both lenses' fields.
    @MainActor
    static func views(of data: Data) throws -> [(name: String, body: () -> Void)] {
        var bodies: [RecordKey: [() -> Void]] = [:]
        var order: [RecordKey] = []
        func add(_ key: RecordKey, _ body: @escaping () -> Void) {
            if bodies[key] == nil { order.append(key) }
            bodies[key, default: []].append(body)
        }
        guard let page = try data.characters else { throw LensError.missing(field: "characters", record: data.key) }
        add(page.key) { _ = try? page.results.count }
        if let info = try page.info { add(info.key) { _ = try? (info.count, info.next) } }
        for row in try page.results {
            add(row.key) {
                _ = try? (row.name, row.status, row.species, row.image)
                _ = try? (row.origin?.key, row.location?.key, row.episode.count)
            }
            for place in [try row.origin, try row.location].compactMap({ $0 }) {
                add(place.key) { _ = try? (place.name, place.dimension) }
            }
            for episode in try row.episode {
                add(episode.key) { _ = try? (episode.name, episode.code, episode.characters.count) }
                for thumb in try episode.characters {
                    add(thumb.key) { _ = try? (thumb.name, thumb.image) }
                }
            }
        }
        return order.map { key in
            let parts = bodies[key]!
            return (key.rawValue, { for part in parts { part() } })
        }
    }
}
