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
        let response = FixtureData.response
        let data = FixtureData.payloadData
        let plan = try environment.plan(LensFixture.self, variables: LensFixture.variables)
        // The payload, the ingest of the response's bytes alone and the response landing (its
        // bytes ingested and committed into an empty store: the path a payload stands in for),
        // taken in turn run after run. Each side's input is made just before the clock starts,
        // as an app's is: a payload built by the code that writes it, a response's bytes just
        // read off the connection.
        let medians = Harness.interleavedMedians(count: 3) { side in
            switch side {
            case 0:
                let empty = GraphQLEnvironment(
                    store: Store(normalization: store.normalization), transport: UnusedTransport())
                // An app's environment outlives its writes and plans each operation once, as the
                // response's plan above is made once: the fresh one here plans before the clock.
                blackHole(try? empty.plan(LensFixture.self, variables: LensFixture.variables))
                let built = JSONValue.deepCopy(of: data)
                let time = Harness.milliseconds {
                    do {
                        try empty.write {
                            try $0.commit(LensFixture.self, variables: LensFixture.variables, data: built)
                        }
                    } catch {
                        preconditionFailure("the payload failed: \(error)")
                    }
                }
                precondition(empty.store.record("Character:1") != nil, "the payload must land")
                return time
            case 1:
                let read = Foundation.Data([UInt8](response))
                return Harness.milliseconds { blackHole(try? Ingest().ingest(read, plan: plan)) }
            default:
                let empty = Store(normalization: store.normalization)
                let read = Foundation.Data([UInt8](response))
                let time = Harness.milliseconds {
                    guard let changes = try? Ingest().ingest(read, plan: plan).changes else {
                        preconditionFailure("the response must ingest")
                    }
                    blackHole(empty.commit(changes))
                }
                blackHole(empty)
                return time
            }
        }
        let (payload, ingest, landed) = (medians[0], medians[1], medians[2])
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

extension JSONValue {
    /// `value` made again, container by container and string by string, as code that builds
    /// a payload makes it: none of its storage shared with `value`'s.
    static func deepCopy(of value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(String(decoding: Array(text.utf8), as: UTF8.self))
        case .array(let elements): .array(elements.map { deepCopy(of: $0) })
        case .object(let members):
            .object(members.map { (String(decoding: Array($0.0.utf8), as: UTF8.self), deepCopy(of: $0.1)) })
        default: value
        }
    }
}
