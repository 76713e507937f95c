import Testing
import BatonTestSupport
import BatonRecords
@_spi(Baton) @testable import BatonNormalize

/// A payload written as a tree has no length to size the walk's tables by: its operation
/// remembers what its last tree made, for the plans of every variables, and the next tree's
/// tables start at that size. What a walk ingests is the same whatever size its tables start at.
@Suite struct WalkSizesTests {
    static func data() throws -> JSONValue {
        guard case .object(let members) = try JSONValue.parse(Fixture.response),
            let data = members.first(where: { $0.0 == "data" })?.1
        else { throw TreeError.noData }
        return data
    }

    enum TreeError: Error { case noData }

    static func template() throws -> OperationTemplate {
        try OperationTemplate(
            try TestData.text("Conformance/baton-spec/documents/Fixture.graphql"), normalization: Fixture.normalization)
    }

    static func plan(_ template: OperationTemplate, page: Int = 1) throws -> OperationPlan {
        try OperationPlan(template: template, variables: ["page": .int(page)], normalization: Fixture.normalization)
    }

    @Test func anOperationRemembersWhatItsLastTreeMade() throws {
        let plan = try Self.plan(try Self.template())
        let data = try Self.data()
        #expect(try plan.sizes.last == nil)
        let first = try Ingest().ingest(data: data, plan: plan)
        let sizes = try #require(try plan.sizes.last)
        #expect(sizes.records == first.changes.snapshots.count)
        let again = try Ingest().ingest(data: data, plan: plan)
        #expect(again.changes == first.changes)
        #expect(try plan.sizes.last?.records == sizes.records && plan.sizes.last?.strings == sizes.strings)
    }

    @Test func aResponsesTextSizesItsOwnWalkAndLeavesTheTreesAlone() throws {
        let plan = try Self.plan(try Self.template())
        _ = try Ingest().ingest(Fixture.response, plan: plan)
        #expect(try plan.sizes.last == nil)
    }

    @Test func plansOfOneOperationShareWhatItsLastTreeMade() throws {
        let template = try Self.template()
        let first = try Self.plan(template)
        let other = try Self.plan(template, page: 2)
        _ = try Ingest().ingest(data: try Self.data(), plan: first)
        #expect(try other.sizes.last != nil)
        #expect(try other.sizes.last?.records == first.sizes.last?.records)
    }

    @Test func tablesOfAnySizeIngestAlike() throws {
        let plan = try Self.plan(try Self.template())
        let data = try Self.data()
        let reference = try Ingest().ingest(Fixture.response, plan: Fixture.plan).changes
        for (records, strings) in [(1, 1), (10, 0), (0, 10), (100_000, 100_000)] {
            try plan.sizes.note(records: records, strings: strings)
            #expect(try Ingest().ingest(data: data, plan: plan).changes == reference)
        }
    }

    @Test func countsBeyondAWordHalfAreCapped() {
        let sizes = WalkSizes()
        sizes.note(records: Int.max, strings: 3)
        #expect(sizes.last?.records == Int(UInt32.max) && sizes.last?.strings == 3)
    }
}

extension OperationPlan {
    /// The sizes an operation's plan shares with the plans of its template.
    fileprivate var sizes: WalkSizes {
        get throws { try #require(walkSizes) }
    }
}
