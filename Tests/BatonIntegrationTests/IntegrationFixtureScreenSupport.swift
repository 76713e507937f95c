import Foundation
import BatonLens

/// The large list screen of `fixtures.json` (`characters-page-1`: 686 KB, 899 records) as an
/// app reads it through its generated lenses (`IntegrationFixtureScreen.graphql`), and as
/// views: one per record it shows.
extension IntegrationFixtureScreenQuery {
    static let fixture = RecordedFixture.named("characters-page-1")!
    static let variables = fixture.variables
    /// The fixture's normalization (its schema and the suite's identity).
    static let normalization = try! fixture.plan().normalization

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
        add(page.key) { _ = try? page.results?.count }
        if let info = try page.info { add(info.key) { _ = try? (info.count, info.next) } }
        for row in try page.results ?? [] {
            guard let row else { continue }
            add(row.key) {
                _ = try? (row.name, row.status, row.species, row.image)
                _ = try? (row.origin?.key, row.location?.key, row.episode.count)
            }
            if let origin = try row.origin { add(origin.key) { _ = try? (origin.name, origin.dimension) } }
            if let location = try row.location { add(location.key) { _ = try? (location.name, location.dimension) } }
            for case let episode? in try row.episode {
                add(episode.key) { _ = try? (episode.name, episode.episode, episode.characters.count) }
                for case let thumb? in try episode.characters {
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
