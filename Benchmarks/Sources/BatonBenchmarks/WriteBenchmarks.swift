import BatonLens
import Foundation
import BatonTestSupport

/// Writes from app code over the seeds' screen: an updatable fragment's one-field write
/// beside the raw one-field commit it becomes, and the whole screen written as a payload
/// beside the ingest of the same data from its bytes.
enum WriteBenchmarks {
    @MainActor
    static func run(_ harness: inout Harness) throws {
        let environment = try LensFixture.environment()
        let store = environment.store
        var flip = false

        let raw = Harness.median {
            flip.toggle()
            var one = ChangeSet()
            one.write(.string(flip ? "Rick C-137" : "Rick Sanchez"), to: Slot("name"), of: "Character:1")
            return Harness.milliseconds { blackHole(store.commit(one)) }
        }
        let typed = Harness.median {
            flip.toggle()
            let name = flip ? "Rick C-137" : "Rick Sanchez"
            return Harness.milliseconds {
                do {
                    try environment.update(LensFixture.CharacterRow.self, at: "Character:1") {
                        try $0.set(\.name, to: name)
                    }
                } catch {
                    preconditionFailure("the typed write failed: \(error)")
                }
            }
        }
        let written = try LensFixture.CharacterRow.name(of: "Character:1", in: environment)
        precondition(written == (flip ? "Rick C-137" : "Rick Sanchez"), "the typed write must land")
        harness.record("typed_write_one_field_ms", typed)
        harness.record("typed_write_over_commit_one_field_ratio", typed / raw)

        // The screen's data as a payload (what a generated payload's `inputValue` is), written
        // into an empty store, beside the ingest of the response's bytes (no commit) and beside
        // the response landing (ingest and commit).
        let response = try Foundation.Data(
            contentsOf: TestData.url("Conformance/baton-spec/rickandmorty/characters-page-1.json"))
        guard case .object(let members) = try JSONValue.parse(response),
            let data = members.first(where: { $0.0 == "data" })?.1
        else { throw LensBenchmarkError.notCached }
        let plan = try environment.plan(LensFixture.self, variables: LensFixture.variables)
        let ingest = Harness.median { Harness.milliseconds { blackHole(try? Ingest().ingest(response, plan: plan)) } }
        let payload = Harness.median {
            let empty = GraphQLEnvironment(
                store: Store(normalization: store.normalization), transport: UnusedTransport())
            // An app's environment outlives its writes and plans each operation once, as the
            // response's plan above is made once: the fresh one here plans before the clock.
            blackHole(try? empty.plan(LensFixture.self, variables: LensFixture.variables))
            let time = Harness.milliseconds {
                do {
                    try empty.write { try $0.commit(LensFixture.self, variables: LensFixture.variables, data: data) }
                } catch {
                    preconditionFailure("the payload failed: \(error)")
                }
            }
            precondition(empty.store.record("Character:1") != nil, "the payload must land")
            return time
        }
        // The same data as a server's response lands: its bytes ingested and committed into an
        // empty store, the path a payload replaces.
        let landed = Harness.median {
            let empty = Store(normalization: store.normalization)
            let time = Harness.milliseconds {
                guard let changes = try? Ingest().ingest(response, plan: plan).changes else {
                    preconditionFailure("the response must ingest")
                }
                blackHole(empty.commit(changes))
            }
            blackHole(empty)
            return time
        }
        harness.record("payload_commit_fixture_ms", payload)
        harness.record("payload_commit_over_ingest_ratio", payload / ingest)
        harness.record("payload_commit_over_response_commit_ratio", payload / landed)
    }
}

extension LensFixture.CharacterRow: UpdatableFragment {
    /// The record's name as the store holds it.
    @MainActor
    static func name(of key: RecordKey, in environment: GraphQLEnvironment) throws -> String? {
        guard let record = environment.store.record(key) else { return nil }
        return try Self(ref: RecordRef(record: record, selection: nil, context: environment.lensContext)).name
    }
}
