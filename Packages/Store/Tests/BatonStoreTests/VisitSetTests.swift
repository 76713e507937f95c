import Testing
@testable import BatonStore
@_spi(Baton) import BatonRecords

/// The walks' set of visits, against a standard set doing the same operations.
@MainActor @Suite struct VisitSetTests {
    /// Objects to visit, and objects standing in for selections: a visit is their addresses.
    private let records = (0..<200).map { Record(key: RecordKey("T:\($0)")) }
    private let selections = (0..<3).map { Record(key: RecordKey("S:\($0)")) }

    private struct Pair: Hashable {
        let record: ObjectIdentifier
        let selection: ObjectIdentifier
    }

    @Test(arguments: [1, 7, 0xDEAD_BEEF] as [UInt64])
    func insertsAndLookUpsAgreeWithASet(seed: UInt64) {
        var random = StoreLoadTests.SeededGenerator(state: seed)
        var set = VisitSet()
        var model = Set<Pair>()
        // More inserts than the first buckets hold, with repeats: growth, probe runs, and
        // visits of one record with different selections.
        for _ in 0..<3_000 {
            let record = ObjectIdentifier(records[Int.random(in: 0..<records.count, using: &random)])
            let selection = ObjectIdentifier(selections[Int.random(in: 0..<selections.count, using: &random)])
            let visit = RecordVisit(record: record, selection: selection)
            let pair = Pair(record: record, selection: selection)
            if Bool.random(using: &random) {
                #expect(set.insert(visit) == model.insert(pair).inserted)
            } else {
                #expect(set.contains(visit) == model.contains(pair))
            }
            #expect(set.count == model.count)
        }
        for record in records {
            for selection in selections {
                let pair = Pair(record: ObjectIdentifier(record), selection: ObjectIdentifier(selection))
                #expect(
                    set.contains(RecordVisit(record: pair.record, selection: pair.selection)) == model.contains(pair))
            }
        }
    }

    @Test func anEmptySetHoldsNothing() {
        let set = VisitSet()
        #expect(set.count == 0)
        #expect(
            !set.contains(RecordVisit(record: ObjectIdentifier(records[0]), selection: ObjectIdentifier(selections[0])))
        )
    }
}
