import Foundation
import Observation
import BatonStore

/// The store's figures on the seeds' fixture (899 records): commits into an empty store, of
/// equal values, of one field; the availability check from memory; collection with half the
/// records unreachable; a deletion's notification scan over an observed screen.
enum StoreBenchmarks {
    @MainActor static func run(_ harness: inout Harness) throws {
        let normalization = FixtureData.normalization
        let plan = FixtureData.plan
        let response = FixtureData.response
        let changes = try Ingest().ingest(response, plan: plan).changes

        func filledStore() -> Store {
            let store = Store(normalization: normalization)
            store.commit(changes, fetched: plan.identity)
            return store
        }

        let empty = Harness.median {
            let store = Store(normalization: normalization)
            let time = Harness.milliseconds { blackHole(store.commit(changes)) }
            blackHole(store)
            return time
        }
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
}
