import Testing
@_spi(Baton) import BatonRecords

/// `Record.append(_:toListAt:)` and `Record.generation`: a list grows at its end in place,
/// and every other write changes the generation, so a reader that kept a list's length and
/// the generation can tell that the list only grew.
@MainActor struct RecordAppendTests {
    static let edges = Slot("edges")

    static func links(_ range: Range<Int>) -> [Value] {
        range.map { .link(RecordKey("Edge:\($0)")) }
    }

    /// The address of the storage of the list `record` holds in `slot`; the list read to ask
    /// is let go before the answer returns.
    static func storage(_ record: Record, _ slot: Slot) -> UInt? {
        guard case .list(let list)? = record[untracked: slot] else { return nil }
        return list.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    @Test func aListNobodyElseHoldsGrowsInPlaceAndKeepsTheGeneration() {
        let record = Record(key: "Connection:1")
        var list = Self.links(0..<10)
        list.reserveCapacity(100)
        record.store(.list(list), at: Self.edges)
        list = []
        let generation = record.generation
        let storage = Self.storage(record, Self.edges)

        record.append(Self.links(10..<15), toListAt: Self.edges)

        #expect(record[untracked: Self.edges] == .list(Self.links(0..<15)))
        #expect(record.generation == generation)
        #expect(Self.storage(record, Self.edges) == storage, "appended in place, not copied")
    }

    @Test func aListSomeoneHoldsIsCopiedAndTheirValueStaysAsItWas() {
        let record = Record(key: "Connection:1")
        var list = Self.links(0..<10)
        list.reserveCapacity(100)
        record.store(.list(list), at: Self.edges)
        let held = record[untracked: Self.edges]

        record.append(Self.links(10..<12), toListAt: Self.edges)

        #expect(held == .list(Self.links(0..<10)))
        #expect(record[untracked: Self.edges] == .list(Self.links(0..<12)))
    }

    @Test func aListStoredAgainAnyOtherWriteAndEveryFillChangeTheGeneration() {
        let record = Record(key: "Connection:1")
        var seen: Set<UInt64> = [record.generation]
        record.store(.list(Self.links(0..<3)), at: Self.edges)
        #expect(seen.insert(record.generation).inserted, "a list stored")
        record.store(.list(Self.links(0..<4)), at: Self.edges)
        #expect(seen.insert(record.generation).inserted, "a list stored again, one longer")
        record.store(.int(1), at: Slot("count"))
        #expect(seen.insert(record.generation).inserted, "another field stored")
        record.store(nil, at: Slot("count"))
        #expect(seen.insert(record.generation).inserted, "a field removed")
        #expect(record.write(.list(Self.links(5..<9)), at: Self.edges))
        #expect(seen.insert(record.generation).inserted, "a list written")
        #expect(!record.write(.list(Self.links(5..<9)), at: Self.edges))
        #expect(seen.contains(record.generation) && seen.count == 6, "a write of an equal value writes nothing")
        record.storeAll([(slot: Self.edges, value: Value.list(Self.links(0..<2)))])
        #expect(seen.insert(record.generation).inserted, "every field replaced")

        let read = Record(key: "Connection:2")
        let before = read.generation
        read.adopt(slots: [Self.edges], values: [.list(Self.links(0..<2))])
        #expect(read.generation != before, "a row read from disk")
    }
}
