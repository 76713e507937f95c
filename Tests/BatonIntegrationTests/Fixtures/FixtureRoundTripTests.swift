import Foundation
import Testing
import BatonNormalize
import BatonRecords

/// Every recorded response in `Tests/Fixtures` ingests, and materializing its operation from
/// the records written gives the response's `data` back (the response is the oracle).
@Suite struct FixtureRoundTripTests {
    @Test func theManifestCoversWhatTheFixturesAreFor() {
        #expect(RecordedFixture.all.count >= 12)
        let covered = RecordedFixture.all.flatMap(\.covers).joined(separator: "\n")
        for topic in [
            "aliases of one field with different arguments", "nested lists of links", "lists of lists of links",
            "null links", "interfaces and unions", "two pages of one connection", "partial data with errors",
            "a mutation result", "the large list screen",
        ] {
            #expect(covered.contains(topic), "no fixture covers \(topic)")
        }
    }

    @Test(arguments: RecordedFixture.all)
    func ingestThenMaterializeGivesTheResponseData(_ fixture: RecordedFixture) throws {
        let plan = try fixture.plan()
        let bytes = try fixture.responseBytes()
        let result = try fixture.ingest.ingest(bytes, plan: plan)
        #expect(result.hasData)
        let data = try fixture.materializer.data(of: plan, from: result.changes)
        let response = try JSONValue.parse(bytes)
        let difference = JSONDifference.first(data, response[member: "data"])
        #expect(difference == nil, "\(fixture.name): \(difference ?? "")")
    }
}
