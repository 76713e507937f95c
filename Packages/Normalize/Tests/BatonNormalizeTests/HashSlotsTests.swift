import Testing
@testable import BatonNormalize

/// The slots behind the walk's string table and record index: entries survive growth, and a
/// hash that everything collides on costs a bounded walk instead of a quadratic one.
@Suite struct HashSlotsTests {
    @Test func entriesStayFoundAcrossGrowth() {
        var slots = HashSlots()
        let hashes = (0..<5000).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
        var refused = 0
        for (index, hash) in hashes.enumerated() where !slots.insert(hash: hash, index: index) { refused += 1 }
        #expect(refused == 0)
        let found = hashes.indices.filter { index in slots.first(hash: hashes[index]) { $0 == index } == index }
        #expect(found.count == hashes.count)
    }

    @Test func slotsMadeForAnExpectedCountHoldItWithoutGrowing() {
        #expect(HashSlots().capacity == 512)
        #expect(HashSlots(expecting: 512).capacity == 512)
        #expect(HashSlots(expecting: 513).capacity == 1_024)
        #expect(HashSlots(expecting: 1 << 30).capacity == 1 << 16)
        var slots = HashSlots(expecting: 3_000)
        let capacity = slots.capacity
        for index in 0..<3_000 {
            _ = slots.insert(hash: UInt32(truncatingIfNeeded: index &* 2_654_435_761), index: index)
        }
        #expect(capacity >= 3_000 && slots.capacity == capacity)
    }

    @Test func oneCollidingHashKeepsABoundedRunAndRefusesTheRest() {
        var slots = HashSlots()
        var kept: [Int] = []
        for index in 0..<1000 where slots.insert(hash: 42, index: index) { kept.append(index) }
        #expect(kept == Array(0..<32))
        var visited = 0
        let none = slots.first(hash: 42) { _ in
            visited += 1
            return false
        }
        #expect(none == nil)
        #expect(visited == 32)
        #expect(slots.first(hash: 42) { $0 == 31 } == 31)
    }
}
