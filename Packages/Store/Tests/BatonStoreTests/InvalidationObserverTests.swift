import BatonStore
import Foundation
import Testing

/// Invalidation batches, as the store's observers hear of them.
@MainActor @Suite struct InvalidationObserverTests {
    final class Heard {
        var batches: [Invalidation] = []
    }

    @Test func aBatchOfRecordsIsHeardOnceWithAllItsKeysAndMakesTheReaderStale() {
        let store = StoreFixture.store()
        let heard = Heard()
        store.observeInvalidations(heard) { heard.batches.append($0) }

        store.invalidate(records: ["Character:1", "Character:2", "Character:1"])

        #expect(heard.batches == [.records(["Character:1", "Character:2"])])
        #expect(store.check(StoreFixture.plan).availability == .stale)
    }

    @Test func eachCallIsABatchAndInvalidatingEverythingIsHeardAsSuch() {
        let store = StoreFixture.store()
        let heard = Heard()
        store.observeInvalidations(heard) { heard.batches.append($0) }

        store.invalidate(record: "Character:2")
        store.invalidateAll()
        store.invalidate(records: [])

        #expect(heard.batches == [.records(["Character:2"]), .everything])
    }

    @Test func aBatchTouchesTheKeysItShares() {
        let batch = Invalidation.records(["Character:1"])
        #expect(batch.touches(["Character:1", "Character:2"]))
        #expect(!batch.touches(["Character:2"]))
        #expect(Invalidation.everything.touches([]))
    }

    @Test func anObserverWhoseOwnerWentAndAnEndedStoreHearNothing() {
        let store = StoreFixture.store()
        let kept = Heard()
        var gone: Heard? = Heard()
        var goneCalls = 0
        store.observeInvalidations(kept) { kept.batches.append($0) }
        store.observeInvalidations(gone!) { _ in goneCalls += 1 }
        gone = nil

        store.invalidate(record: "Character:1")
        store.end()
        store.invalidateAll()

        #expect(goneCalls == 0)
        #expect(kept.batches == [.records(["Character:1"])])
    }
}
