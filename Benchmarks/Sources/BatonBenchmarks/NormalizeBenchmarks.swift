import BatonNormalize
import BatonRecords
import BatonStore
import Foundation
import BatonTestSupport

/// The 686 KB fixture of the seeds' benchmarks: its plan, bytes and schema, loaded once.
enum FixtureData {
    static let schemaText = try! String(
        contentsOf: TestData.url("Conformance/baton-spec/rickandmorty/schema.graphql"), encoding: .utf8)
    static let normalization = Normalization(schema: try! GraphQLSchema.parse(sdl: schemaText))
    static let plan = try! OperationPlan(
        String(contentsOf: TestData.url("Conformance/baton-spec/documents/Fixture.graphql"), encoding: .utf8),
        variables: ["page": 1], normalization: normalization)
    static let response = try! Data(
        contentsOf: TestData.url("Conformance/baton-spec/rickandmorty/characters-page-1.json"))
    static let bytes = [UInt8](response)
    /// The response's `data`, as a payload app code writes it (its tree, not its bytes).
    static let payloadData: JSONValue = {
        guard case .object(let members) = try! JSONValue.parse(response),
            let data = members.first(where: { $0.0 == "data" })?.1
        else { preconditionFailure("the fixture has no data") }
        return data
    }()
    /// The response ingested through the plan: the change set the store's figures commit.
    static let changes = try! Ingest().ingest(response, plan: plan).changes

    /// A new store `changes` were committed into, as the screen's answer.
    @MainActor
    static func filledStore() -> Store {
        let store = Store(normalization: normalization)
        store.commit(changes, fetched: plan.identity)
        return store
    }

    /// Every character of `changes` renamed: the optimistic layer of
    /// `optimistic_cycle_over_commit_ratio`.
    static func renamedCharacters() -> ChangeSet {
        var renamed = ChangeSet()
        for snapshot in changes.snapshots where snapshot.key.rawValue.hasPrefix("Character:") {
            renamed.write(.string("Optimistic \(snapshot.key.rawValue)"), to: Slot("name"), of: snapshot.key)
        }
        return renamed
    }
}

enum NormalizeBenchmarks {
    static func run(_ harness: inout Harness) throws {
        let bytes = FixtureData.bytes
        let plan = FixtureData.plan
        // Interleaved, so both see the same moments of a noisy machine: the ratio is the figure.
        let (ingest, serialization) = try Harness.interleavedMedians(
            { try Harness.milliseconds { blackHole(try Ingest().ingest(bytes, plan: plan)) } },
            { try Harness.milliseconds { blackHole(try JSONSerialization.jsonObject(with: FixtureData.response)) } })
        let scan = try Harness.median {
            try Harness.milliseconds {
                var reader = JSONReader(bytes)
                try reader.skipValue()
            }
        }
        let materialize = try Harness.median {
            let changes = try Ingest().ingest(bytes, plan: plan).changes
            return try Harness.milliseconds { blackHole(try Materializer().data(of: plan, from: changes)) }
        }
        let planning = try Harness.median {
            try Harness.milliseconds {
                blackHole(
                    try OperationPlan(plan.text, variables: ["page": 1], normalization: FixtureData.normalization))
            }
        }
        harness.record("ingest_ms", ingest)
        harness.record("jsonserialization_parse_ms", serialization)
        harness.record("ingest_over_jsonserialization_ratio", ingest / serialization)
        harness.record("ingest_mb_per_s", Double(bytes.count) / 1e6 / (ingest / 1e3))
        harness.record("json_validating_scan_ms", scan)
        // The ingest over the machine's floor for reading the same bytes: a validating scan.
        let (ingestBeside, scanBeside) = try Harness.interleavedMedians(
            { try Harness.milliseconds { blackHole(try Ingest().ingest(bytes, plan: plan)) } },
            {
                try Harness.milliseconds {
                    var reader = JSONReader(bytes)
                    try reader.skipValue()
                }
            })
        harness.record("ingest_over_scan_ratio", ingestBeside / scanBeside)
        harness.record("materialize_fixture_ms", materialize)
        // What a generated operation pays per set of variables: its template is data.
        let template = try OperationTemplate(plan.text, normalization: FixtureData.normalization)
        let planFromTemplate = try Harness.median {
            try Harness.milliseconds {
                blackHole(
                    try OperationPlan(
                        template: template, variables: ["page": 1], normalization: FixtureData.normalization))
            }
        }
        harness.record("plan_fixture_ms", planning)
        harness.record("plan_from_template_ms", planFromTemplate)
    }
}
