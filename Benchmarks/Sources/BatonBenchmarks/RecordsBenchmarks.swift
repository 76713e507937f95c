import Observation
@_spi(Baton) import BatonRecords

/// An `@Observable` class shaped like a record of ten fields: the baseline a tracked read
/// is held to.
@Observable final class ObservableCharacter {
    var f0 = "0"
    var f1 = "1"
    var f2 = "2"
    var f3 = "3"
    var f4 = "4"
    var f5 = "5"
    var f6 = "6"
    var f7 = "7"
    var f8 = "8"
    var f9 = "9"

    func read(_ index: Int) -> String {
        switch index {
        case 0: f0
        case 1: f1
        case 2: f2
        case 3: f3
        case 4: f4
        case 5: f5
        case 6: f6
        case 7: f7
        case 8: f8
        default: f9
        }
    }
}

enum RecordsBenchmarks {
    static let recordCount = 1_000
    static let fieldCount = 10

    /// 1,000 records of ten string fields each, and those fields.
    @MainActor
    static func recordsAndFields() -> ([Record], [FieldSlot]) {
        let fields = (0..<fieldCount).map { FieldSlot.named("benchField\($0)") }
        let records = (0..<recordCount).map { i -> Record in
            let record = Record(key: RecordKey(type: "Character", id: String(i)))
            for (f, field) in fields.enumerated() { record.write(.string(String(f)), at: field.slot) }
            return record
        }
        return (records, fields)
    }

    /// Reads field `i % 10` of each of 1,000 records, ten passes: 10,000 reads, each of a
    /// different (record, field) pair, inside one tracking scope as a view body would.
    @MainActor
    static func run(_ harness: inout Harness) {
        let (records, fields) = recordsAndFields()
        let objects = (0..<recordCount).map { _ in ObservableCharacter() }
        let reads = Double(recordCount * fieldCount)

        // Interleaved, run after run: the ratio's two sides see the same moments of a busy machine.
        let (tracked, observable) = Harness.interleavedMedians(
            {
                Harness.nanoseconds {
                    withObservationTracking {
                        for f in 0..<fieldCount {
                            let field = fields[f]
                            for record in records { blackHole(record[field]) }
                        }
                    } onChange: {
                    }
                } / reads
            },
            {
                Harness.nanoseconds {
                    withObservationTracking {
                        for f in 0..<fieldCount {
                            for object in objects { blackHole(object.read(f)) }
                        }
                    } onChange: {
                    }
                } / reads
            })
        let untracked = Harness.median {
            Harness.nanoseconds {
                for f in 0..<fieldCount {
                    let slot = fields[f].slot
                    for record in records { blackHole(record[untracked: slot]) }
                }
            } / reads
        }
        let outsideScope = Harness.median {
            Harness.nanoseconds {
                for f in 0..<fieldCount {
                    let field = fields[f]
                    for record in records { blackHole(record[field]) }
                }
            } / reads
        }
        harness.record("tracked_read_ns", tracked)
        harness.record("observable_property_read_ns", observable)
        harness.record("tracked_over_observable_ratio", tracked / observable)
        harness.record("untracked_read_ns", untracked)
        harness.record("read_outside_tracking_scope_ns", outsideScope)
        let interned = Harness.median {
            Harness.nanoseconds {
                for f in 0..<fieldCount { blackHole(Slot("benchField\(f)")) }
            } / Double(fieldCount)
        }
        harness.record("interned_name_lookup_ns", interned)
    }
}
