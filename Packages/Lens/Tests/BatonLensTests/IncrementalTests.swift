import Foundation
import Testing
import BatonLens
import BatonTestSupport

/// The spec's profile query, whose appearances are `@defer`red.
enum ProfileQuery: GraphQLOperation {
    static let document = try! TestData.text("Conformance/baton-spec/documents/TestProfileQuery.graphql")
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Profile?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Profile: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let name = Scalar<String>("name")
            let episodes = Linked<[EpisodeLens]>("episode")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// A character with its episodes, read to seed the store and observe the episode list.
enum SeasonQuery: GraphQLOperation {
    static let document = #"query Season { character(id: "1") { id name episode { id name } } }"#
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Season?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Season: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet { let episodes = Linked<[EpisodeLens]>("episode") }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// A query whose deferred payload deletes the episodes it names.
enum DeferredRemovalQuery: GraphQLOperation {
    static let document = """
        query DeferredRemoval { character(id: "1") { id name ... @defer(label: "removal") { episode { id @deleteRecord } } } }
        """
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Named?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Named: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet { let name = Scalar<String>("name") }
        static let fields = Fields()
        let ref: RecordRef
    }
}

@MainActor
struct IncrementalTests {
    /// An incremental fetch may have committed its first payload by the time a refetch comes,
    /// so the refetch does not join it: it sends its own request.
    @Test func aRefetchSendsItsOwnRequestBesideAnIncrementalFetchInFlight() async throws {
        let events = [
            try TestData.text("Conformance/baton-spec/tests/character-deferred-1.json"),
            try TestData.text("Conformance/baton-spec/tests/character-deferred-2.json"),
        ]
        let transport = StreamingTransport([.init(events: events, drops: false), .init(events: events, drops: false)])
        let environment = Spec.environment(transport)
        let handle = QueryHandle(ProfileQuery.self, variables: ["id": "1"], in: environment)

        await handle.refetch()

        #expect(transport.connectionCount == 2)
        #expect(handle.phase == .ready)
        #expect(try handle.data?.character?.episodes.map { try $0.name } == ["Pilot", "Lawnmower Dog"])
    }

    @Test func deferredPayloadsAreCommittedAsTheyArrive() async throws {
        let transport = StreamingTransport([
            .init(
                events: [
                    try TestData.text("Conformance/baton-spec/tests/character-deferred-1.json"),
                    try TestData.text("Conformance/baton-spec/tests/character-deferred-2.json"),
                ], drops: false)
        ])
        let environment = Spec.environment(transport)
        let handle = QueryHandle(ProfileQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        let profile = try #require(try handle.data?.character)
        #expect(try profile.name == "Rick Sanchez")
        #expect(try profile.episodes.map { try $0.name } == ["Pilot", "Lawnmower Dog"])
        #expect(transport.connectionCount == 1)
    }

    @Test func aDeferredPayloadsDeletionsAndNotificationsShowInTheFetchsSummary() async throws {
        let environment = Spec.environment(
            StreamingTransport([
                .init(
                    events: [
                        #"{"data":{"character":{"id":"1","name":"Rick Sanchez"}},"hasNext":true}"#,
                        #"{"incremental":[{"data":{"episode":[{"id":"1"}]},"path":["character"],"label":"removal"}],"hasNext":false}"#,
                    ], drops: false)
            ]))
        let season = try load(
            SeasonQuery.self,
            response: #"{"data":{"character":{"id":"1","name":"Rick Sanchez","episode":[{"id":"1","name":"Pilot"}]}}}"#,
            into: environment)
        let renders = RenderLog()
        render("episodes", in: renders) { _ = try? season.character?.episodes }
        let summary = try await environment.fetch(DeferredRemovalQuery.self)
        #expect(environment.store.record("Episode:1") == nil)
        #expect(summary.recordsDeleted == 1)
        #expect(summary.fieldsNotified == 1)
        #expect(renders.fired == ["episodes": 1])
    }

    /// A fetch whose stream ended with no payload is over: the next identical fetch opens a
    /// connection of its own instead of joining it and getting its empty result.
    @Test func aFetchWhoseStreamEndedAtOnceIsNotJoinedByTheNextOne() async throws {
        let transport = StreamingTransport([
            .init(events: [], drops: false),
            .init(
                events: [
                    try TestData.text("Conformance/baton-spec/tests/character-deferred-1.json"),
                    try TestData.text("Conformance/baton-spec/tests/character-deferred-2.json"),
                ], drops: false),
        ])
        let environment = Spec.environment(transport)
        let empty = try await environment.fetch(ProfileQuery.self, variables: ["id": "1"])
        #expect(empty.isEmpty)
        #expect(!environment.isFetching(try environment.plan(ProfileQuery.self, variables: ["id": "1"]).identity))
        let summary = try await environment.fetch(ProfileQuery.self, variables: ["id": "1"])
        #expect(transport.connectionCount == 2)
        #expect(summary.recordsCreated > 0)
    }
}
