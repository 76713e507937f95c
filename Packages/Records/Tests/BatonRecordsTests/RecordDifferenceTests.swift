import Testing
@_spi(Baton) import BatonRecords

/// `Record.forEachDifference`: the cells of a snapshot a record does not hold exactly, found
/// in one walk of both, as a commit compares an incoming snapshot with what is there.
@MainActor struct RecordDifferenceTests {
    static func record(_ fields: [String: Value]) -> Record {
        let record = Record(key: "T:1")
        for (name, value) in fields { record.store(value, at: Slot(name)) }
        return record
    }

    static func differences(_ record: Record, _ fields: [String: Value]) -> Set<String> {
        let snapshot = RecordSnapshot(
            key: record.key, unsortedCells: fields.map { RecordSnapshot.Cell(slot: Slot($0.key), value: $0.value) })
        var found: Set<String> = []
        record.forEachDifference(in: snapshot.cells) { found.insert(NameTable.shared.field(at: $0.slot).storageKey) }
        return found
    }

    @Test func equalCellsAreNoDifference() {
        let record = Self.record(["a": .int(1), "b": .string("x"), "c": .null])
        #expect(Self.differences(record, ["a": .int(1), "b": .string("x"), "c": .null]).isEmpty)
        #expect(Self.differences(record, ["b": .string("x")]).isEmpty)
    }

    @Test func changedMissingAndExtraCellsAreDifferences() {
        let record = Self.record(["b": .int(2), "d": .int(4)])
        let found = Self.differences(record, ["a": .int(1), "b": .int(3), "c": .null, "d": .int(4), "e": .bool(true)])
        #expect(found == ["a", "b", "c", "e"])
    }

    @Test func anEmptyRecordDiffersInEveryCell() {
        #expect(Self.differences(Record(key: "T:2"), ["x": .int(1), "y": .int(2)]) == ["x", "y"])
    }

    @Test func theWalkAgreesWithOneLookupPerCell() {
        let record = Self.record((0..<40).reduce(into: [:]) { $0["f\($1)"] = .int($1 % 7) })
        let incoming: [String: Value] = (0..<60).reduce(into: [:]) { $0["f\($1)"] = .int($1 % 5) }
        let expected = Set(incoming.filter { !record.holds($0.value, at: Slot($0.key)) }.keys)
        #expect(Self.differences(record, incoming) == expected)
        #expect(!expected.isEmpty)
    }

    /// A snapshot of as many fields as the record holds is compared side by side until a cell
    /// differs, and merged from there: a changed value, another field in a slot's place, and
    /// an equal text in other storage (compared by value once the bits differ) all come out right.
    @Test func aSnapshotOfAsManyFieldsAsTheRecordDiffersOnlyWhereItsCellsDo() {
        let text = String(repeating: "long text ", count: 4)
        let record = Self.record(["a": .int(1), "b": .string(text), "c": .int(3), "d": .int(4)])
        let sameText = String(repeating: "long text ", count: 2) + String(repeating: "long text ", count: 2)
        #expect(Self.differences(record, ["a": .int(1), "b": .string(sameText), "c": .int(3), "d": .int(4)]).isEmpty)
        #expect(Self.differences(record, ["a": .int(1), "b": .string(text), "c": .int(9), "d": .int(4)]) == ["c"])
        #expect(
            Self.differences(record, ["a": .int(2), "b": .string(text), "c": .int(3), "d": .int(5)]) == ["a", "d"])
        #expect(Self.differences(record, ["a": .int(1), "b": .string(text), "c": .int(3), "e": .int(4)]) == ["e"])
        #expect(Self.differences(record, ["a": .int(1), "bb": .int(2), "c": .int(3), "d": .int(4)]) == ["bb"])
    }

    /// A snapshot with fewer or more fields than the record is passed over side by side as
    /// far as both agree, and merged from there.
    @Test func aSnapshotOfOtherFieldsDiffersOnlyWhereItsCellsDo() {
        let record = Self.record(["a": .int(1), "b": .int(2), "c": .int(3)])
        #expect(Self.differences(record, ["a": .int(1), "b": .int(2)]).isEmpty)
        #expect(Self.differences(record, ["a": .int(1), "b": .int(2), "c": .int(3), "d": .int(4)]) == ["d"])
        #expect(Self.differences(record, ["a": .int(1), "c": .int(4)]) == ["c"])
        #expect(Self.differences(record, ["a": .int(1), "aa": .int(0), "b": .int(2), "c": .int(3)]) == ["aa"])
    }

    /// `holdsExactly(_:)`: true only for the record's very fields with the very values.
    @Test func aRecordHoldsExactlyOnlyItsOwnFieldsWithTheirValues() {
        let text = String(repeating: "long text ", count: 4)
        let record = Self.record(["a": .int(1), "b": .string(text)])
        func cells(_ fields: [String: Value]) -> [RecordSnapshot.Cell] {
            RecordSnapshot(
                key: record.key, unsortedCells: fields.map { RecordSnapshot.Cell(slot: Slot($0.key), value: $0.value) }
            ).cells
        }
        #expect(record.holdsExactly(cells(["a": .int(1), "b": .string(text)])))
        #expect(!record.holdsExactly(cells(["a": .int(1)])))
        #expect(!record.holdsExactly(cells(["a": .int(1), "b": .string(text), "c": .null])))
        #expect(!record.holdsExactly(cells(["a": .int(2), "b": .string(text)])))
        #expect(!record.holdsExactly(cells(["a": .int(1), "c": .string(text)])))
        // Equal, but not the very storage: not told by bits, so not "exactly" (the commit
        // then compares it by value).
        let sameText = String(repeating: "long text ", count: 2) + String(repeating: "long text ", count: 2)
        #expect(!record.holdsExactly(cells(["a": .int(1), "b": .string(sameText)])))
    }

    /// `Record.linkHash(untracked:seed:)`, which a list insert asks of each element's record.
    @Test func aLinksHashIsItsKeysHashAndOtherValuesHaveNone() {
        let long = RecordKey("Note:" + String(repeating: "n", count: 40))
        let record = Self.record(["node": .link(long), "short": .link("Note:1"), "text": .string("Note:1")])
        let seed: UInt64 = 0x1234_5678_9ABC_DEF0
        #expect(record.linkHash(untracked: Slot("node"), seed: seed) == long.bytesHash(seed: seed))
        #expect(record.linkHash(untracked: Slot("short"), seed: seed) == RecordKey("Note:1").bytesHash(seed: seed))
        #expect(
            record.linkHash(untracked: Slot("node"), seed: seed) != record.linkHash(untracked: Slot("node"), seed: 1))
        #expect(record.linkHash(untracked: Slot("text"), seed: seed) == nil)
        #expect(record.linkHash(untracked: Slot("missing"), seed: seed) == nil)
    }
}
