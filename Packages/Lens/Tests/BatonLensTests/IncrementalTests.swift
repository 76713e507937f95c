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

@MainActor
struct IncrementalTests {
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
}
