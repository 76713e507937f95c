import Foundation
import Observation
import BatonStore

/// The store's figures on the seeds' fixture (899 records): commits into an empty store, of
/// equal values, of one field; the availability check from memory, and beside a first commit;
/// an optimistic cycle beside a first commit; collection with half the records unreachable,
/// and over 50,000 records one root reaches; a deletion's notification scan over an observed
/// screen.
enum StoreBenchmarks {
    @MainActor static func run(_ harness: inout Harness) throws {
        let normalization = FixtureData.normalization
        let plan = FixtureData.plan
        let changes = FixtureData.changes
        let filledStore = FixtureData.filledStore

        /// Milliseconds the page's first commit takes, into a new store.
        func firstCommit() -> Double {
            let store = Store(normalization: normalization)
            let time = Harness.milliseconds { blackHole(store.commit(changes)) }
            blackHole(store)
            return time
        }

        let empty = Harness.median(firstCommit)
        harness.record("commit_empty_ms", empty)

        let store = filledStore()
        let noop = Harness.median { Harness.milliseconds { blackHole(store.commit(changes)) } }
        harness.record("commit_noop_ms", noop)
        harness.record("commit_noop_over_empty_ratio", noop / empty)

        let name = Slot("name")
        var flip = false
        let oneField = Harness.median {
            flip.toggle()
            var one = ChangeSet()
            one.write(.string(flip ? "Rick C-137" : "Rick Sanchez"), to: name, of: "Character:1")
            return Harness.milliseconds { blackHole(store.commit(one)) }
        }
        harness.record("commit_one_field_ms", oneField)

        let check = Harness.median {
            Harness.nanoseconds { blackHole(store.check(plan)) } / 1e3
        }
        harness.record("check_memory_us", check)
        // The check from memory beside the first commit of the same records, in turn.
        let (checkBeside, commitBeside) = Harness.interleavedMedians(
            { Harness.milliseconds { blackHole(store.check(plan)) } },
            firstCommit)
        harness.record("check_over_commit_ratio", checkBeside / commitBeside)

        // An optimistic cycle over the screen, beside the first commit: every character renamed
        // as a layer (apply), the page committed by the server beneath it (rebase), the
        // server's answer taking the layer's place (resolve).
        let renamed = FixtureData.renamedCharacters()
        let (cycle, commitBesideCycle) = Harness.interleavedMedians(
            {
                let cycled = filledStore()
                return Harness.milliseconds {
                    let layer = cycled.applyOptimistic(renamed)
                    blackHole(cycled.commit(changes))
                    blackHole(cycled.commit(changes, replacing: layer))
                }
            },
            firstCommit)
        harness.record("optimistic_cycle_ms", cycle)
        harness.record("optimistic_cycle_over_commit_ratio", cycle / commitBesideCycle)

        // Collection: the fixture retained, as many records again that nothing reaches.
        let token = store.retain(plan)
        var unreachable = ChangeSet()
        for i in 0..<(store.recordCount) {
            unreachable.write(.string("x"), to: name, of: RecordKey(type: "Orphan", id: String(i)))
        }
        let collect = Harness.median {
            store.commit(unreachable)
            return Harness.milliseconds { blackHole(store.collect()) }
        }
        token.release()
        harness.record("collect_ms", collect)
        harness.record("collect_50k_ms", try collectFiftyThousand())

        // A deletion over a screen whose every record is observed: the scan for fields that
        // link to the deleted record (no reverse index is kept).
        let observed = filledStore()
        var keys = observed.keys
        for key in keys {
            let record = observed.record(key)!
            withObservationTracking {
                for field in record.fields { _ = record[slot: field.slot] }
            } onChange: {
            }
        }
        keys.removeAll { $0.isRoot }
        var index = 0
        let delete = Harness.median {
            index = (index + 1) % keys.count
            let deletion = ChangeSet(snapshots: [], deletions: [keys[index]])
            let time = Harness.milliseconds { blackHole(observed.commit(deletion)) }
            observed.commit(changes)
            return time
        }
        harness.record("commit_delete_observed_ms", delete)
    }

    /// A collection pass over 50,000 records that one root field reaches (a list of links),
    /// retained by its operation: the walk that marks what stays.
    @MainActor static func collectFiftyThousand() throws -> Double {
        let (store, token) = try fiftyThousandRetained()
        let time = Harness.median { Harness.milliseconds { blackHole(store.collect()) } }
        precondition(store.recordCount > 50_000, "collection must keep what the root reaches")
        token.release()
        return time
    }

    /// A store holding 50,000 records one root field's list reaches, and the retention of
    /// its operation.
    @MainActor static func fiftyThousandRetained() throws -> (Store, RetainToken) {
        let count = 50_000
        var text = #"{"data":{"items":["#
        for i in 0..<count {
            if i > 0 { text += "," }
            text += #"{"__typename":"Item","id":"\#(i)","name":"item \#(i)","rank":\#(i)}"#
        }
        text += "]}}"
        let normalization = Normalization()
        let plan = try OperationPlan("{ items { id name rank } }", normalization: normalization)
        let changes = try Ingest().ingest(Array(text.utf8), plan: plan).changes
        let store = Store(normalization: normalization)
        store.commit(changes, fetched: plan.identity)
        precondition(store.recordCount > count, "the items must land")
        return (store, store.retain(plan))
    }
}
