import BatonNormalize
import BatonRecords
import BatonStore
import BatonTesting
import Testing

/// A mock's bytes are a server's response: the ingest a fetch runs takes them whole, and the
/// store holds what the test set.
@MainActor
@Suite struct MockIngestTests {
    @Test func aMockResponseIngestsAsAServersWholeResponseIntoAStore() throws {
        let builder = try MockSchema.builder(MockOptions(listLength: .one))
        let bytes = try builder.response(HeroQuery.self, payload: .init(hero: .init(id: "1000", name: "Luke")))
        let plan = try OperationPlan(HeroQuery.document, normalization: builder.normalization)
        let store = Store(normalization: builder.normalization)
        store.commit(try Ingest().ingest(bytes, plan: plan).changes)
        let luke = try #require(store.record(RecordKey(type: "Character", id: "1000")))
        #expect(luke[untracked: Slot("name")] == .string("Luke"))
        #expect(luke[untracked: Slot("status")] == .string("ALIVE"))
        #expect(
            store.record(RecordKey(type: "Character", id: "<Character.id.1>")) != nil, "the friend is its own record")
    }
}
