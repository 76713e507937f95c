import Foundation
import Testing
@_spi(Baton) @testable import BatonImage

@Suite struct StoreOverImageTests {
    @MainActor
    @Test func aSecondStoreOverTheSameFileRendersTheFixtureWithNoNetwork() throws {
        let scratch = Scratch()
        let first = StoreImage.open(at: scratch.file, version: "v1")
        let writer = Store(normalization: Fixture.normalization, persistence: first)
        _ = writer.commit(Fixture.changes, fetched: Fixture.plan.identity)
        first.close()

        // The next launch: a new image and store over the same file, nothing from the network.
        let image = StoreImage.open(at: scratch.file, version: "v1")
        defer { image.close() }
        let store = Store(normalization: Fixture.normalization, persistence: image)
        #expect(store.record("Character:1") == nil)
        let result = store.check(Fixture.plan)
        #expect(result.isAvailable)
        #expect(result.source == .image)
        #expect(result.fetchedAt != nil)
        #expect(store.check(Fixture.plan).source == .memory)

        var mismatches = 0
        for expected in Fixture.changes.snapshots {
            guard let record = store.record(expected.key) else {
                mismatches += 1
                Issue.record(Comment(rawValue: "\(expected.key) is not in the store"))
                continue
            }
            let held = RecordSnapshot(record)
            for cell in expected.cells where held[cell.slot] != cell.value {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record(
                        Comment(
                            rawValue:
                                "\(expected.key).\(cell.storageKey): \(String(describing: held[cell.slot])) != \(cell.value)"
                        ))
                }
            }
            if !expected.key.isRoot && held.cells.count != expected.cells.count { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
