import Foundation
import Testing
import BatonNormalize
import BatonRecords

@Suite struct IngestDeferTests {
    static let schema = try! GraphQLSchema.parse(sdl: SharedData.text("baton-spec/tests/schema.graphql"),
                                          SharedData.text("baton-spec/tests/extensions.graphql"))

    func plan(_ document: String, _ variables: [String: JSONValue]) throws -> OperationPlan {
        try OperationPlan(SharedData.text("baton-spec/documents/\(document).graphql"), variables: variables,
                          normalization: Normalization(schema: Self.schema))
    }

    @Test func deferredPayloadLandsInTheRecordItsPathNames() throws {
        let plan = try plan("TestProfileQuery", ["id": "1"])
        #expect(plan.deferLabels == ["TestProfileQuery$defer$TestAppearances_character"])
        let first = try Ingest().ingest(SharedData.data("baton-spec/tests/character-deferred-1.json"), plan: plan)
        #expect(first.hasNext)
        #expect(first.changes["Character:1"]?["episode"] == nil)
        #expect(first.deferredTargets.map(\.key) == ["Character:1"])
        let second = try Ingest().ingest(SharedData.data("baton-spec/tests/character-deferred-2.json"), plan: plan,
                                         after: first.deferredTargets)
        #expect(!second.hasNext)
        var all = first.changes
        all.append(second.changes)
        let expected = try JSONValue.parse(SharedData.data("baton-spec/tests/character-deferred-pending.store.json"))
        #expect(all.relayDump == .object(records(of: expected, droppingUntouchedRoots: all).map { ($0.key, $0.value) }))
    }

    @Test func deferredFieldsAbsentFromTheFirstPayloadAreNotMissing() throws {
        let plan = try plan("TestNodeDeferred", ["id": "1"])
        let first = try Ingest().ingest(SharedData.data("baton-spec/tests/node-deferred-1.json"), plan: plan)
        #expect(first.changes["Character:1"]?["name"] == .string("Rick Sanchez"))
        let second = try Ingest().ingest(SharedData.data("baton-spec/tests/node-deferred-2.json"), plan: plan,
                                         after: first.deferredTargets)
        #expect(second.changes["Character:1"]?["episode"] == .list([.link("Episode:1"), .link("Episode:2")]))
    }

    @Test func incrementalEntryWithUnknownPathIsABadPath() throws {
        let plan = try plan("TestNodeDeferred", ["id": "1"])
        let payload = #"{"incremental":[{"data":{"episode":[]},"path":["elsewhere"]}],"hasNext":false}"#
        #expect(throws: IngestError.self) { try Ingest().ingest(Array(payload.utf8), plan: plan) }
    }
}
