import Foundation
import Testing
import BatonNormalize
import BatonRecords
import BatonTestSupport

@Suite struct IngestDeferTests {
    static let schema = try! GraphQLSchema.parse(
        sdl: TestData.text("Conformance/baton-spec/tests/schema.graphql"),
        TestData.text("Conformance/baton-spec/tests/extensions.graphql"))

    func plan(_ document: String, _ variables: [String: JSONValue]) throws -> OperationPlan {
        try OperationPlan(
            TestData.text("Conformance/baton-spec/documents/\(document).graphql"), variables: variables,
            normalization: Normalization(schema: Self.schema))
    }

    @Test func deferredPayloadLandsInTheRecordItsPathNames() throws {
        let plan = try plan("TestProfileQuery", ["id": "1"])
        #expect(plan.deferLabels == ["TestProfileQuery$defer$TestAppearances_character"])
        let first = try Ingest().ingest(
            TestData.data("Conformance/baton-spec/tests/character-deferred-1.json"), plan: plan)
        #expect(first.hasNext)
        #expect(first.changes["Character:1"]?["episode"] == nil)
        #expect(first.deferredTargets.map(\.key) == ["Character:1"])
        let second = try Ingest().ingest(
            TestData.data("Conformance/baton-spec/tests/character-deferred-2.json"), plan: plan,
            after: first.deferredTargets)
        #expect(!second.hasNext)
        var all = first.changes
        all.append(second.changes)
        let expected = try JSONValue.parse(
            TestData.data("Conformance/baton-spec/tests/character-deferred-pending.store.json"))
        #expect(all.relayDump == .object(records(of: expected, droppingUntouchedRoots: all).map { ($0.key, $0.value) }))
    }

    @Test func deferredFieldsAbsentFromTheFirstPayloadAreNotMissing() throws {
        let plan = try plan("TestNodeDeferred", ["id": "1"])
        let first = try Ingest().ingest(TestData.data("Conformance/baton-spec/tests/node-deferred-1.json"), plan: plan)
        #expect(first.changes["Character:1"]?["name"] == .string("Rick Sanchez"))
        let second = try Ingest().ingest(
            TestData.data("Conformance/baton-spec/tests/node-deferred-2.json"), plan: plan,
            after: first.deferredTargets)
        #expect(second.changes["Character:1"]?["episode"] == .list([.link("Episode:1"), .link("Episode:2")]))
    }

    @Test func incrementalEntryNamedByItsPendingIDLandsAtThePathThePendingEntryGave() throws {
        let plan = try plan("TestProfileQuery", ["id": "1"])
        let first = try Ingest().ingest(
            TestData.data("Conformance/baton-spec/tests/character-deferred-1-pending.json"), plan: plan)
        #expect(first.hasNext)
        #expect(first.deferredTargets.map(\.pendingIDs) == [["0"]])
        let second = try Ingest().ingest(
            TestData.data("Conformance/baton-spec/tests/character-deferred-2-pending.json"),
            plan: plan, after: first.deferredTargets)
        #expect(!second.hasNext)
        var all = first.changes
        all.append(second.changes)
        let expected = try JSONValue.parse(
            TestData.data("Conformance/baton-spec/tests/character-deferred-pending.store.json"))
        #expect(all.relayDump == .object(records(of: expected, droppingUntouchedRoots: all).map { ($0.key, $0.value) }))
    }

    @Test func incrementalEntryNamingAPendingIDNoPayloadAnnouncedIsABadPath() throws {
        let plan = try plan("TestProfileQuery", ["id": "1"])
        let first = try Ingest().ingest(
            TestData.data("Conformance/baton-spec/tests/character-deferred-1-pending.json"), plan: plan)
        let payload = #"{"incremental":[{"id":"7","data":{"episode":[]}}],"completed":[{"id":"7"}],"hasNext":false}"#
        #expect {
            try Ingest().ingest(Array(payload.utf8), plan: plan, after: first.deferredTargets)
        } throws: { error in
            guard let error = error as? IngestError, case .badPath(let text) = error.kind else { return false }
            return text.contains("pending id 7")
        }
    }

    @Test func errorsOfACompletedEntryThatNoRecordOfThePayloadHoldsAreTheResultsErrors() throws {
        let plan = try plan("TestProfileQuery", ["id": "1"])
        let first = try Ingest().ingest(
            TestData.data("Conformance/baton-spec/tests/character-deferred-1-pending.json"), plan: plan)
        let payload =
            #"{"completed":[{"id":"0","errors":[{"message":"boom","path":["character","episode"]}]}],"hasNext":false}"#
        let second = try Ingest().ingest(Array(payload.utf8), plan: plan, after: first.deferredTargets)
        #expect(!second.hasNext)
        #expect(second.errors.map(\.message) == ["boom"])
        #expect(second.errors.first?.path == [.key("character"), .key("episode")])
    }

    @Test func incrementalEntryWithUnknownPathIsABadPath() throws {
        let plan = try plan("TestNodeDeferred", ["id": "1"])
        let payload = #"{"incremental":[{"data":{"episode":[]},"path":["elsewhere"]}],"hasNext":false}"#
        #expect(throws: IngestError.self) { try Ingest().ingest(Array(payload.utf8), plan: plan) }
    }
}
