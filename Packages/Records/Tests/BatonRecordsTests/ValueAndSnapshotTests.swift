import Testing
@_spi(Baton) import BatonRecords

private let everyValue: [Value] = [
    .null,
    .bool(true),
    .bool(false),
    .int(-42),
    .int(.max),
    .double(3.25),
    .string(""),
    .string("Rick \"C-137\" 🧪"),
    .scalar(["amount": "1.50", "currency": "EUR"]),
    .scalar([1, [2, nil], ["deep": true]]),
    .link("Character:1"),
    .list([]),
    .list([.link("Episode:1"), .link("Episode:2"), .null]),
    .list([.list([.int(1), .int(2)]), .list([]), .list([.list([.string("x")])])]),
    .error(FieldError(message: "boom", path: [.key("character"), .index(0), .key("name")], extensions: ["code": "E"])),
    .list([.error(FieldError(message: "inner"))]),
]

@MainActor @Suite struct ValueAndSnapshotTests {
    @Test(arguments: everyValue)
    func recordSnapshotRoundTripKeepsEveryValueCase(value: Value) {
        let snapshot = RecordSnapshot(key: "T:1", values: ["field": value, "__typename": .string("T")])
        let record = Record(key: snapshot.key)
        record.storeAll(snapshot.cells.map { ($0.slot, $0.value) })
        let again = RecordSnapshot(record)
        #expect(again == snapshot)
        #expect(again["field"] == value)
        #expect(record.typename == "T")
    }

    @Test func valuesOfDifferentCasesAreNotEqual() {
        for (i, a) in everyValue.enumerated() {
            for (j, b) in everyValue.enumerated() where i != j {
                #expect(a != b)
            }
        }
    }

    @Test func valueHashIsConsistentWithEquality() {
        let copies = everyValue.map { value -> Value in
            // Rebuild through JSON-free construction to get distinct storage.
            switch value {
            case .list(let elements): .list(Array(elements))
            default: value
            }
        }
        #expect(Set(everyValue) == Set(copies))
        #expect(Set(everyValue).count == everyValue.count)
    }

    @Test func textsCompareAsTheirUTF8Bytes() {
        let composed = Value.string("caf\u{E9}")
        let decomposed = Value.string("cafe\u{301}")
        // Equal as Swift strings, different bytes: a change for the store, as for the image.
        #expect("caf\u{E9}" == "cafe\u{301}")
        #expect(composed != decomposed)
        #expect(Value.list([composed]) != .list([decomposed]))
        // The same bytes in separate storage, long and short, are equal.
        let long = "https://rickandmortyapi.com/api/character/avatar/1.jpeg"
        #expect(Value.string(long) == .string(String(decoding: Array(long.utf8), as: UTF8.self)))
        #expect(Value.string("Rick") == .string(String(decoding: Array("Rick".utf8), as: UTF8.self)))
        #expect(Value.string(long) != .string(long + "?"))
        #expect(Value.string(String(long.dropLast()) + "x") != .string(long))
    }

    @Test func equalityKeepsEachCasesOwnRules() {
        #expect(Value.double(0) == .double(-0.0))
        #expect(Value.double(.nan) == .double(.nan))
        #expect(Set([Value.double(0), .double(-0.0)]).count == 1)
        #expect(Value.int(1) != .double(1))
        #expect(Value.scalar(["a": 1, "b": 2]) == .scalar(["b": 2, "a": 1]))
        #expect(Value.link("Character:1") == .link(RecordKey(type: "Character", id: "1")))
        #expect(Value.error(FieldError(message: "x")) != .error(FieldError(message: "y")))
    }

    @Test func forEachLinkFindsLinksInNestedLists() {
        var found: [RecordKey] = []
        Value.list([.link("A:1"), .list([.link("A:2"), .null, .list([.link("A:3")])]), .int(1)])
            .forEachLink { found.append($0) }
        #expect(found == ["A:1", "A:2", "A:3"])
    }

    @Test func snapshotKeepsCellsSortedAndUnique() {
        var snapshot = RecordSnapshot(key: "T:1")
        let names = ["z", "a", "m", "a", "q"]
        for (i, name) in names.enumerated() { snapshot[name] = .int(i) }
        #expect(snapshot.cells.map(\.slot) == snapshot.cells.map(\.slot).sorted())
        #expect(snapshot.cells.count == 4)
        #expect(snapshot["a"] == .int(3))
        snapshot["m"] = nil
        #expect(snapshot["m"] == nil)
        #expect(snapshot.cells.count == 3)
    }

    @Test func snapshotMergeWritesOverAndKeepsTheRest() {
        var base = RecordSnapshot(key: "T:1", values: ["a": .int(1), "b": .int(2)])
        base.merge(RecordSnapshot(key: "T:1", values: ["b": .int(20), "c": .int(30)]))
        #expect(base.valuesByStorageKey == ["a": .int(1), "b": .int(20), "c": .int(30)])
    }

    @Test func snapshotMergeOverTheSameSlotsWritesEqualValuesHeldDifferently() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        var base = RecordSnapshot(key: "T:1", values: ["a": .double(0), "b": .string(composed)])
        base.merge(RecordSnapshot(key: "T:1", values: ["a": .double(-0.0), "b": .string(decomposed)]))
        guard case .double(let zero)? = base["a"], case .string(let text)? = base["b"] else {
            Issue.record("cells lost")
            return
        }
        #expect(zero.sign == .minus)
        #expect(Array(text.utf8) == Array(decomposed.utf8))
    }

    @Test func changeSetMergeOfSortedCellsAnswersTheSnapshotsPosition() {
        var changes = ChangeSet()
        changes.write(.int(1), to: Slot("a"), of: "T:1")
        let cells = RecordSnapshot(key: "T:2", values: ["a": .int(2), "b": .int(3)]).cells
        #expect(changes.merge("T:2", sortedCells: cells) == 1)
        #expect(changes.index(of: "T:2") == 1)
        #expect(changes.merge("T:1", sortedCells: cells) == 0)
        changes.merge(sortedCells: RecordSnapshot(key: "T:2", values: ["b": .int(30)]).cells, at: 1)
        #expect(changes["T:1"]?.valuesByStorageKey == ["a": .int(2), "b": .int(3)])
        #expect(changes["T:2"]?.valuesByStorageKey == ["a": .int(2), "b": .int(30)])
        #expect(changes.index(of: "T:3") == nil)
    }

    @Test func changeSetMergesWritesPerKeyInFirstWriteOrder() {
        var changes = ChangeSet()
        changes.write(.string("Rick"), to: Slot("name"), of: "Character:1")
        changes.write(.string("Morty"), to: Slot("name"), of: "Character:2")
        changes.write(.string("Alive"), to: Slot("status"), of: "Character:1")
        #expect(changes.snapshots.map(\.key) == ["Character:1", "Character:2"])
        #expect(changes["Character:1"]?.valuesByStorageKey == ["name": .string("Rick"), "status": .string("Alive")])
    }

    @Test func changeSetDeletionDropsEarlierWritesAndALaterWriteReplaces() {
        var changes = ChangeSet()
        changes.write(.int(1), to: Slot("a"), of: "T:1")
        changes.write(.int(1), to: Slot("a"), of: "T:2")
        changes.delete("T:1")
        #expect(changes["T:1"] == nil)
        #expect(changes["T:2"]?["a"] == .int(1))
        #expect(changes.deletes("T:1"))
        changes.write(.int(9), to: Slot("b"), of: "T:1")
        #expect(changes["T:1"]?.valuesByStorageKey == ["b": .int(9)])
        #expect(changes.deletions == ["T:1"])
    }

    @Test func changeSetAppendIsLaterWins() {
        var first = ChangeSet(snapshots: [RecordSnapshot(key: "T:1", values: ["a": .int(1), "b": .int(1)])])
        let second = ChangeSet(
            snapshots: [
                RecordSnapshot(key: "T:1", values: ["b": .int(2)]), RecordSnapshot(key: "T:3", values: ["a": .null]),
            ],
            deletions: ["T:2"])
        first.append(second)
        #expect(first["T:1"]?.valuesByStorageKey == ["a": .int(1), "b": .int(2)])
        #expect(first["T:3"]?["a"] == .null)
        #expect(first.deletions == ["T:2"])
        #expect(first == ChangeSet(snapshots: first.snapshots, deletions: first.deletions))
    }

    @Test func changeSetAppendedOntoNothingIsTheLaterOneAndStillMerges() {
        var later = ChangeSet(snapshots: [RecordSnapshot(key: "T:1", values: ["a": .int(1)])], deletions: ["T:2"])
        later.edit(ListEdit(key: "T:3", slot: Slot("items"), operation: .remove(target: "T:4", field: nil)))
        var changes = ChangeSet()
        changes.append(later)
        #expect(changes == later)
        // The positions came along: a write to a record already there merges into it.
        changes.write(.int(2), to: Slot("b"), of: "T:1")
        #expect(changes.snapshots.count == 1)
        #expect(changes["T:1"]?.valuesByStorageKey == ["a": .int(1), "b": .int(2)])
        changes.delete("T:1")
        #expect(changes["T:1"] == nil)
        #expect(changes.snapshots.isEmpty)
    }

    @Test func startingListsAgainDropsOnlyTheEditsThatKeepLaterPages() {
        var changes = ChangeSet(snapshots: [RecordSnapshot(key: "T:1", values: ["edges": .list([.link("E:1")])])])
        let append = ListEdit(
            key: "T:2", slot: Slot("edges"), operation: .insert(links: ["E:2"], atEnd: true, uniqueBy: Slot("node")))
        let remove = ListEdit(key: "T:3", slot: Slot("edges"), operation: .remove(target: "N:1", field: Slot("node")))
        changes.edit(
            ListEdit(
                key: "T:1", slot: Slot("edges"),
                operation: .replaceHead(
                    links: ["E:1"], uniqueBy: Slot("node"), kept: [.init(key: "T:1", slot: Slot("end"))])))
        changes.edit(append)
        changes.edit(
            ListEdit(key: "T:4", slot: Slot("items"), operation: .replaceHead(links: ["N:2"], uniqueBy: nil, kept: [])))
        changes.edit(remove)
        let snapshots = changes.snapshots

        changes.startListsAgain()

        #expect(changes.edits == [append, remove])
        #expect(changes.snapshots == snapshots)
    }

    @Test func changeSetCrossesIntoAnotherTaskUnchanged() async {
        var changes = ChangeSet()
        for (i, value) in everyValue.enumerated() {
            changes.write(value, to: Slot("f\(i)"), of: RecordKey(type: "T", id: "\(i % 3)"))
        }
        changes.delete("T:9")
        let sent = changes
        let received = await Task.detached { sent }.value
        #expect(received == changes)
    }
}

@Suite struct RecordKeyTests {
    @Test func keysSpellAsTheConformanceDumpsDo() {
        #expect(RecordKey(type: "Character", id: "1").rawValue == "Character:1")
        #expect(RecordKey.root.rawValue == "client:root")
        #expect(RecordKey.mutationRoot.rawValue == "client:root:mutation")
        #expect(RecordKey.subscriptionRoot.rawValue == "client:root:subscription")
        #expect(RecordKey.root.child("characters(page:1)").rawValue == "client:root:characters(page:1)")
        #expect(
            RecordKey("Character:1").child("notes(first:2)").child("edges", index: 0).rawValue
                == "Character:1:notes(first:2):edges:0")
    }

    /// A child's key is its parent's, the field's storage key and the index, joined by `:`,
    /// whatever their lengths (small keys of up to 15 bytes and longer ones alike), and equal
    /// to the same text made any other way, in its hash too.
    @Test func childKeysSpellTheirParentFieldAndIndex() {
        let parents = ["", "A", "Character:1", "client:root:characters(page:1)", "Ünïcödé:1"]
        let fields = ["", "e", "edges", "notes(first:2,after:\"c\")"]
        let indices: [Int?] = [nil, 0, 7, 10, 99, 4_012, -3, Int.max, Int.min]
        for parent in parents {
            for field in fields {
                for index in indices {
                    let built = RecordKey(parent).child(field, index: index)
                    let spelled = parent + ":" + field + (index.map { ":" + String($0) } ?? "")
                    #expect(built.rawValue == spelled)
                    #expect(built == RecordKey(spelled))
                    #expect(built.bytesHash(seed: 7) == RecordKey(spelled).bytesHash(seed: 7))
                }
            }
        }
    }

    @Test func identifiedKeysSpellTheirTypeAndID() {
        let types = ["", "A", "Character", "AVeryLongTypeNameIndeed"]
        let ids = ["", "1", "12345678901234", "a-uuid-5f1c2e9a-0b7d-4c1e-9f3a-long", "Ünïcödé"]
        for type in types {
            for id in ids {
                let spelled = type + ":" + id
                let fromText = RecordKey(type: type, id: id)
                let fromBytes = Array(id.utf8).withUnsafeBufferPointer { RecordKey(type: type, id: $0) }
                #expect(fromText.rawValue == spelled && fromBytes.rawValue == spelled)
                #expect(fromBytes == RecordKey(spelled))
                #expect(fromBytes.bytesHash(seed: 7) == RecordKey(spelled).bytesHash(seed: 7))
            }
        }
        // Invalid UTF-8 is repaired as the id's own decoding repairs it.
        let invalid: [UInt8] = [0x61, 0xFF, 0x62, 0xC3]
        let repaired = invalid.withUnsafeBufferPointer { RecordKey(type: "T", id: $0) }
        #expect(repaired.rawValue == "T:" + String(decoding: invalid, as: UTF8.self))
    }

    @Test func rootsKnowTheyAreRoots() {
        #expect(RecordKey.root.isRoot && RecordKey.mutationRoot.isRoot && RecordKey.subscriptionRoot.isRoot)
        #expect(!RecordKey.root.child("x").isRoot)
        // Keys as long as a root's are roots only when they spell it.
        #expect(!RecordKey("client:roox").isRoot && !RecordKey("client:root:mutatiox").isRoot)
        #expect(!RecordKey("client:root:subscriptiox").isRoot)
    }

    @Test func keysAreEqualOnlyWhenTheirTextIs() {
        #expect(RecordKey("Character:12") == RecordKey(type: "Character", id: "12"))
        #expect(RecordKey("Character:12") != RecordKey("Character:13"))
        #expect(RecordKey("Character:1") != RecordKey("Character:12"))
        let keys: Set<RecordKey> = [
            "Character:1", "Character:12", "Character:13", RecordKey(type: "Character", id: "1"),
        ]
        #expect(keys.count == 3)
    }
}

@Suite struct JSONValueTests {
    @Test func objectEqualityIgnoresMemberOrder() {
        let a: JSONValue = ["x": 1, "y": [true, nil]]
        let b: JSONValue = .object([("y", [true, nil]), ("x", 1)])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }

    @Test func sortedTextIsStable() {
        let value: JSONValue = .object([("b", 1), ("a", ["z": "q\n", "c": 2.5])])
        #expect(value.jsonText(sortedKeys: true) == #"{"a":{"c":2.5,"z":"q\n"},"b":1}"#)
        #expect(value.jsonText() == #"{"b":1,"a":{"z":"q\n","c":2.5}}"#)
    }

    @Test func integralDoublesWriteWithoutAFraction() {
        #expect(JSONValue.double(2).jsonText() == "2")
        #expect(JSONValue.double(-0.5).jsonText() == "-0.5")
        #expect(JSONValue.string("\u{01}").jsonText() == #""\u0001""#)
    }

    @Test func aStringIsWrittenWithEachEscapeAndItsRunsBetweenAsTheyAre() {
        let text = "plain \"q\" back\\slash\u{08}\u{0C}\n\r\t\u{1F}é🙂 end"
        let expected = #""plain \"q\" back\\slash\b\f\n\r\t\u001fé🙂 end""#
        #expect(JSONValue.string(text).jsonText() == expected)
        #expect(JSONValue.string("").jsonText() == #""""#)
        #expect(JSONValue.string("\"").jsonText() == #""\"""#)
        var bytes: [UInt8] = Array("[".utf8)
        JSONValue.writeString(text, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "[" + expected)
    }
}

/// A change set gives each snapshot its key's hash under the process's seed, as it is built:
/// the commit finds the snapshot's record with it.
@Suite struct SnapshotKeyHashTests {
    private static func processHash(_ key: RecordKey) -> UInt64 { key.bytesHash(seed: RecordKey.processHashSeed) }

    @Test func everyWayIntoAChangeSetHashesTheKey() {
        let short: RecordKey = "T:1"
        let long: RecordKey = "client:root:characters(page:1):results:0"
        var changes = ChangeSet(snapshots: [RecordSnapshot(key: short, values: ["a": .int(1)])])
        changes.write(.int(2), to: Slot("b"), of: long)
        changes.merge(RecordSnapshot(key: "T:2", values: ["a": .int(3)]))
        changes.merge("T:3", sortedCells: [.init(slot: Slot("a"), value: .int(4))])
        // Written again: the snapshot keeps its hash.
        changes.write(.int(5), to: Slot("c"), of: short)
        changes.merge("T:3", sortedCells: [.init(slot: Slot("b"), value: .int(6))])
        #expect(changes.snapshots.count == 4)
        for snapshot in changes.snapshots {
            #expect(snapshot.keyHash == Self.processHash(snapshot.key), "\(snapshot.key)")
            #expect(snapshot.keyHash != 0)
        }
    }

    @Test func aSnapshotOutsideAChangeSetHasNoHashAndTheHashIsNotPartOfItsValue() {
        let alone = RecordSnapshot(key: "T:1", values: ["a": .int(1)])
        #expect(alone.keyHash == 0)
        let hashed = ChangeSet(snapshots: [alone]).snapshots[0]
        #expect(hashed.keyHash != 0)
        #expect(hashed == alone)
        #expect(Set([hashed, alone]).count == 1)
        #expect(ChangeSet(snapshots: [alone]) == ChangeSet(snapshots: [hashed]))
    }
}
