import Foundation
import BatonStore
import BatonTestSupport

/// The seeds' benchmark fixture (686 KB, 899 records) and the spec's test schema, planned
/// and ingested once per process.
enum StoreFixture {
    static let schema = try! GraphQLSchema.parse(
        sdl: TestData.text("Conformance/baton-spec/rickandmorty/schema.graphql"))
    static let normalization = Normalization(schema: schema)
    static let plan = try! OperationPlan(
        TestData.text("Conformance/baton-spec/documents/Fixture.graphql"), variables: ["page": 1],
        normalization: normalization)
    static let response = try! TestData.data("Conformance/baton-spec/rickandmorty/characters-page-1.json")
    static let changes = try! Ingest().ingest(response, plan: plan).changes

    /// A store holding the fixture's response, committed as a fetch at `time`.
    @MainActor static func store(
        persistence: (any Persistence)? = nil, at time: Date = Date(timeIntervalSince1970: 1000)
    ) -> Store {
        let store = Store(normalization: normalization, persistence: persistence, now: { time })
        store.commit(changes, fetched: plan.identity, at: time)
        return store
    }
}

/// The spec's test schema (rickandmorty plus notes, mutations, nodes) and its documents.
enum SpecFixture {
    static let schema: GraphQLSchema = {
        try! GraphQLSchema.parse(sdl: [
            TestData.text("Conformance/baton-spec/tests/schema.graphql"),
            TestData.text("Conformance/baton-spec/tests/extensions.graphql"),
        ])
    }()
    static let normalization = Normalization(schema: schema)

    static func plan(_ document: String, variables: [String: JSONValue] = [:]) -> OperationPlan {
        try! OperationPlan(
            TestData.text("Conformance/baton-spec/documents/\(document).graphql"), variables: variables,
            normalization: normalization)
    }

    static func response(_ path: String) -> Data {
        try! TestData.data("Conformance/baton-spec/\(path)")
    }

    static func changes(_ path: String, _ plan: OperationPlan, completeness: Ingest.Completeness = .complete) throws
        -> ChangeSet
    {
        try Ingest(completeness: completeness).ingest(response(path), plan: plan).changes
    }
}
