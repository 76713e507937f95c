import Foundation
import Testing
import BatonStore
@_spi(Baton) import BatonRecords

/// A row as a persistence hands it to the check: cells the store moves into its record.
@MainActor @Suite struct RowCellsTests {
    @Test func rowCellsRefuseSlotsOutOfOrderOrTwiceOrWithoutAValueEach() {
        let (a, b) = (Slot("rowCellsA"), Slot("rowCellsB"))
        #expect(RowCells(slots: [a, b], values: [.int(1), .int(2)]) != nil)
        #expect(RowCells(slots: [], values: []) != nil)
        #expect(RowCells(slots: [b, a], values: [.int(1), .int(2)]) == nil)
        #expect(RowCells(slots: [a, a], values: [.int(1), .int(2)]) == nil)
        #expect(RowCells(slots: [a, b], values: [.int(1)]) == nil)
    }

    @Test func theCellsOfASnapshotGiveTheSnapshotBack() {
        for snapshot in StoreFixture.changes.snapshots {
            let cells = RowCells(snapshot)
            #expect(cells.count == snapshot.cells.count)
            #expect(cells.snapshot(key: snapshot.key) == snapshot)
        }
    }

    @Test func aRecordTheCheckReadsFromDiskHoldsItsRowAndIsObservedByNoOne() throws {
        let disk = FakePersistence(rows: StoreFixture.changes.snapshots)
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        #expect(store.check(StoreFixture.plan).source == .image)
        for snapshot in StoreFixture.changes.snapshots where !snapshot.key.isRoot {
            let record = try #require(store.record(snapshot.key))
            #expect(RecordSnapshot(record) == snapshot)
            #expect(!record.isPossiblyObserved)
        }
    }
}
