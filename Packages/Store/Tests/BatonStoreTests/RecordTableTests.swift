import Testing
@testable import BatonStore
@_spi(Baton) import BatonRecords

/// The store's table of records by key, against a dictionary doing the same operations.
@MainActor @Suite struct RecordTableTests {
    private func expectSame(_ table: RecordTable, _ model: [RecordKey: Record], _ universe: [RecordKey]) {
        #expect(table.count == model.count)
        #expect(Set(table.keys) == Set(model.keys))
        #expect(table.map(\.key).count == model.count)
        for key in universe { #expect(table[key] === model[key], "\(key)") }
    }

    @Test(arguments: [0, 1, 0xDEAD_BEEF] as [UInt64])
    func insertsReplacementsAndRemovalsAgreeWithADictionary(seed: UInt64) {
        var random = StoreLoadTests.SeededGenerator(state: seed)
        // Few keys for many operations: long probe runs, removals inside them, wrap-around.
        let universe = (0..<300).map { RecordKey("T:\($0)") } + ["", "client:root", "Character:12345678901234567890"]
        let table = RecordTable(seed: seed)
        var model: [RecordKey: Record] = [:]
        for step in 0..<20_000 {
            let key = universe[Int.random(in: 0..<universe.count, using: &random)]
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let record = Record(key: key)
                table[key] = record
                model[key] = record
            case 1:
                let removed = table.remove(key)
                #expect(removed === model.removeValue(forKey: key))
            case 2:
                table[key] = nil
                model[key] = nil
            default:
                var made = false
                let record = table.record(key) {
                    made = true
                    return Record(key: key)
                }
                #expect(made == (model[key] == nil))
                if made { model[key] = record }
                #expect(model[key] === record)
            }
            if step % 997 == 0 { expectSame(table, model, universe) }
        }
        expectSame(table, model, universe)
        for key in universe { table[key] = nil }
        #expect(table.isEmpty)
        #expect(table.map(\.key).isEmpty)
    }

    @Test func everyKeyStaysFoundAcrossGrowthAndReservation() {
        let table = RecordTable()
        let keys = (0..<5_000).map { RecordKey("Episode:\($0)") }
        for (i, key) in keys.enumerated() {
            table[key] = Record(key: key)
            if i == 100 { table.reserveCapacity(3_000) }
        }
        #expect(table.count == keys.count)
        #expect(table.capacity >= keys.count)
        #expect(keys.allSatisfy { table[$0]?.key == $0 })
        #expect(table[RecordKey("Episode:5000")] == nil)
        #expect(Set(table.map(\.key)) == Set(keys))
    }

    @Test func keysOfEqualBytesAreOneKey() {
        let table = RecordTable()
        let spelled = RecordKey(String(decoding: Array("Character:1".utf8), as: UTF8.self))
        table["Character:1"] = Record(key: "Character:1")
        #expect(table[spelled] != nil)
        table[spelled] = Record(key: spelled)
        #expect(table.count == 1)
    }
}

/// The table's per-key state beside its records: entries without a record, the counts, and
/// blank entries leaving, against a dictionary of (record, state) doing the same.
@MainActor @Suite struct RecordTableStateTests {
    @Test(arguments: [2, 0xC0FFEE] as [UInt64])
    func statesWithAndWithoutRecordsAgreeWithADictionary(seed: UInt64) {
        var random = StoreLoadTests.SeededGenerator(state: seed)
        let universe = (0..<200).map { RecordKey("T:\($0)") }
        let table = RecordTable(seed: seed)
        var model: [RecordKey: (record: Record?, state: RecordState)] = [:]
        for step in 0..<20_000 {
            let key = universe[Int.random(in: 0..<universe.count, using: &random)]
            var state = RecordState()
            state.presence = [.absent, .live, .hidden, .deleted][Int.random(in: 0..<4, using: &random)]
            state.row = [.unread, .read][Int.random(in: 0..<2, using: &random)]
            state.isLayerOnly = state.presence == .live && Bool.random(using: &random)
            state.invalidation = Bool.random(using: &random) ? UInt32(step) : 0
            let record = state.holdsRecord ? Record(key: key) : nil
            table.update(key) { held, heldRecord in
                held = state
                heldRecord = record
            }
            model[key] = state.isBlank && record == nil ? nil : (record, state)
            if step % 991 == 0 { table.checkInvariants() }
        }
        table.checkInvariants()
        #expect(table.count == model.values.filter { $0.state.presence == .live }.count)
        #expect(table.entryCount == model.count)
        #expect(Set(table.keys) == Set(model.filter { $0.value.state.presence == .live }.keys))
        for key in universe {
            let entry = table.entry(key)
            let expected = model[key]
            #expect(entry.state == (expected?.state ?? .blank), "\(key)")
            #expect(entry.record === expected?.record, "\(key)")
            #expect(table[key] === (expected?.state.presence == .live ? expected?.record : nil), "\(key)")
        }
    }

    @Test func showingARecordKeepsWhatWasReadOfItsRowAndItsInvalidation() {
        let table = RecordTable()
        let key = RecordKey("Character:1")
        table.update(key) { state, _ in
            state.row = .read
            state.invalidation = 7
        }
        #expect(table[key] == nil)
        #expect(table.count == 0 && table.entryCount == 1)
        table.show(Record(key: key))
        #expect(table[key] != nil)
        #expect(table.state(key).row == .read && table.state(key).invalidation == 7)
        table.update(key) { state, record in
            record = nil
            state = .blank
        }
        #expect(table.entryCount == 0 && table.count == 0)
    }

    /// A snapshot from a change set is found with the hash the change set gave it, where the
    /// table hashes under the process's seed; a table under another seed, and a snapshot
    /// without a hash, hash the key: every way finds the key's own bucket.
    @Test(arguments: [nil, 0, 0xDEAD_BEEF] as [UInt64?])
    func aSnapshotIsFoundWhereItsKeyIs(seed: UInt64?) {
        let table = seed.map { RecordTable(seed: $0) } ?? RecordTable()
        let keys = (0..<200).map { RecordKey("T:\($0)") } + ["client:root:characters(page:1):results:0"]
        for key in keys { table[key] = Record(key: key) }
        let changes = ChangeSet(snapshots: keys.map { RecordSnapshot(key: $0, values: ["a": .int(1)]) })
        for snapshot in changes.snapshots {
            #expect(snapshot.keyHash != 0)
            #expect(table.record(at: table.position(of: snapshot)) === table[snapshot.key], "\(snapshot.key)")
            let unhashed = RecordSnapshot(key: snapshot.key, values: ["a": .int(1)])
            #expect(table.record(at: table.position(of: unhashed)) === table[snapshot.key])
        }
        // A key the table lacks: the empty bucket it would go to, by either hash.
        let absent = ChangeSet(snapshots: [RecordSnapshot(key: "T:absent")]).snapshots[0]
        #expect(table.state(at: table.position(of: absent)) == .blank)
    }
}

/// The root fields a launch's check asked the disk for, per root.
@MainActor @Suite struct RootFieldsReadTests {
    @Test func fieldsReadAreKeptPerRootAndJoined() {
        let table = RecordTable()
        let query = RecordKey.root
        let other = RecordKey("client:mutationRoot")
        #expect(!table.rootField(query, read: Slot("a")))
        table.noteRootFieldsRead(query, [Slot("a"), Slot("b")])
        table.noteRootFieldsRead(other, [Slot("c")])
        table.noteRootFieldsRead(query, [Slot("b"), Slot("d")])
        for name in ["a", "b", "d"] { #expect(table.rootField(query, read: Slot(name)), "\(name)") }
        #expect(!table.rootField(query, read: Slot("c")))
        #expect(table.rootField(other, read: Slot("c")))
        #expect(!table.rootField(other, read: Slot("a")))
    }
}
