import Testing
@testable import BatonRecords

@Suite struct NameTableTests {
    @Test func keyPathOfASlotIsOneObjectSharedByEveryRecord() {
        let first = FieldSlot.named("sharedKeyPathProbe")
        let again = FieldSlot.named("sharedKeyPathProbe")
        #expect(first === again)
        #expect(first.keyPath === again.keyPath)
        #expect(NameTable.shared.field(at: first.slot).keyPath === first.keyPath)
        // The key path is the slot's name among the records' members, or past them the
        // observed subscript's: equal to one built by hand.
        let named = Record.observationName(Int(first.slot.rawValue))
        #expect(first.keyPath == named ?? \Record.[observed: first.slot])
    }

    @Test func slotRoundTripsToItsStorageKey() {
        let slot = Slot("notes(first:2)")
        #expect(slot.storageKey == "notes(first:2)")
        #expect(Slot("notes(first:2)") == slot)
        #expect(Slot("notes(first:3)") != slot)
    }

    @Test func existingFieldDoesNotIntern() {
        // Other tests intern names concurrently in the same process: count nothing, ask again.
        let name = "neverInterned-\(UInt64.random(in: 0...UInt64.max))"
        #expect(NameTable.shared.existingField(name) == nil)
        #expect(NameTable.shared.existingField(name) == nil)
        let interned = NameTable.shared.field(name)
        #expect(NameTable.shared.existingField(name) === interned)
    }

    @Test func concurrentInterningGivesOneSlotPerName() async {
        let names = (0..<600).map { "concurrent-\($0)" }
        let results = await withTaskGroup(of: [String: Slot].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var seen: [String: Slot] = [:]
                    // Each task walks the names in its own order so the races differ.
                    for name in task.isMultiple(of: 2) ? names : names.reversed() {
                        seen[name] = Slot(name)
                    }
                    return seen
                }
            }
            var all: [[String: Slot]] = []
            for await result in group { all.append(result) }
            return all
        }
        for result in results.dropFirst() {
            #expect(result == results[0])
        }
        #expect(Set(results[0].values).count == names.count)
        for (name, slot) in results[0] {
            #expect(slot.storageKey == name)
        }
    }

    @Test func tableGrowsPastItsFirstCapacityWithoutLosingNames() {
        let names = (0..<2_000).map { "growth-\($0)" }
        let slots = names.map { Slot($0) }
        for (name, slot) in zip(names, slots) {
            #expect(NameTable.shared.existingField(name)?.slot == slot)
        }
    }
}
