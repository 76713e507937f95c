import Foundation
import BatonStore

/// The seeds' benchmark fixture (686 KB, 899 records) and the spec's test schema, planned
/// and ingested once per process.
enum StoreFixture {
    static let schema = try! GraphQLSchema.parse(sdl: StoreSharedData.text("baton-spec/rickandmorty/schema.graphql"))
    static let normalization = Normalization(schema: schema)
    static let plan = try! OperationPlan(
        StoreSharedData.text("baton-spec/documents/Fixture.graphql"), variables: ["page": 1],
        normalization: normalization)
    static let response = try! StoreSharedData.data("baton-spec/rickandmorty/characters-page-1.json")
    static let changes = try! Ingest().ingest(response, plan: plan).changes

    /// A store holding the fixture's response, committed as a fetch at `time`.
    @MainActor static func store(persistence: (any Persistence)? = nil, at time: Date = Date(timeIntervalSince1970: 1000)) -> Store {
        let store = Store(normalization: normalization, persistence: persistence, now: { time })
        store.commit(changes, fetched: plan.identity, at: time)
        return store
    }
}

/// The spec's test schema (rickandmorty plus notes, mutations, nodes) and its documents.
enum SpecFixture {
    static let schema: GraphQLSchema = {
        try! GraphQLSchema.parse(sdl: [
            StoreSharedData.text("baton-spec/tests/schema.graphql"),
            StoreSharedData.text("baton-spec/tests/extensions.graphql"),
        ])
    }()
    static let normalization = Normalization(schema: schema)

    static func plan(_ document: String, variables: [String: JSONValue] = [:]) -> OperationPlan {
        try! OperationPlan(
            StoreSharedData.text("baton-spec/documents/\(document).graphql"), variables: variables,
            normalization: normalization)
    }

    static func response(_ path: String) -> Data {
        try! StoreSharedData.data("baton-spec/\(path)")
    }

    static func changes(_ path: String, _ plan: OperationPlan, completeness: Ingest.Completeness = .complete) throws -> ChangeSet {
        try Ingest(completeness: completeness).ingest(response(path), plan: plan).changes
    }
}
