import Testing
@_spi(Baton) import BatonRecords
@testable import BatonStore

/// Layers applied, reverted and replaced by the server's answer in seeded random order, with
/// server commits beneath them, against a model of what each field shows: the top layer that
/// writes it, else the base. Pins the overlay's chains of base cells as cells are unlinked
/// from their heads and middles and the list is compacted while layers stay.
@MainActor
@Suite struct OptimisticOverlayTests {
    static let slots = ["name", "status", "species"].map(Slot.init)
    static let keys = (0..<24).map { RecordKey("Character:\($0)") }

    /// Field values by key and slot.
    typealias Cells = [RecordKey: [Slot: String]]

    static func changes(_ cells: Cells) -> ChangeSet {
        var changes = ChangeSet()
        for (key, fields) in cells {
            for (slot, text) in fields { changes.write(.string(text), to: slot, of: key) }
        }
        return changes
    }

    /// Some cells of some records, each given `label`.
    static func someCells(_ label: String, _ random: inout StoreLoadTests.SeededGenerator) -> Cells {
        var cells: Cells = [:]
        for key in keys where Int.random(in: 0..<3, using: &random) == 0 {
            for slot in slots where Bool.random(using: &random) { cells[key, default: [:]][slot] = label }
        }
        return cells
    }

    func expectShown(_ base: Cells, _ layers: [(id: OptimisticLayerID, cells: Cells)], in store: Store) {
        for key in Self.keys {
            for slot in Self.slots {
                let top = layers.last { $0.cells[key]?[slot] != nil }
                let expected = top?.cells[key]?[slot] ?? base[key]?[slot]
                #expect(store.record(key)?[untracked: slot] == expected.map(Value.string), "\(key) \(slot)")
            }
        }
    }

    @Test func layersComingAndGoingInAnyOrderShowTheBaseUnderThoseLeft() {
        var random = StoreLoadTests.SeededGenerator(state: 21)
        let store = Store()
        var base: Cells = [:]
        for key in Self.keys {
            for slot in Self.slots { base[key, default: [:]][slot] = "base" }
        }
        store.commit(Self.changes(base))
        var layers: [(id: OptimisticLayerID, cells: Cells)] = []
        var largest = 0
        for step in 0..<600 {
            // Apply (up to five layers), a server commit, a revert, the server's answer.
            let action = layers.isEmpty ? 0 : Int.random(in: 0..<4, using: &random)
            switch action {
            case 0 where layers.count < 5:
                let cells = Self.someCells("layer \(step)", &random)
                layers.append((store.applyOptimistic(Self.changes(cells)), cells))
            case 0, 1:
                let server = Self.someCells("server \(step)", &random)
                store.commit(Self.changes(server))
                base.merge(server) { $0.merging($1) { $1 } }
            case 2:
                let taken = layers.remove(at: Int.random(in: 0..<layers.count, using: &random))
                store.revert(taken.id)
            default:
                let taken = layers.remove(at: Int.random(in: 0..<layers.count, using: &random))
                let server = Self.someCells("answer \(step)", &random)
                store.commit(Self.changes(server), replacing: taken.id)
                base.merge(server) { $0.merging($1) { $1 } }
            }
            expectShown(base, layers, in: store)
            #expect(store.optimisticLayers == layers.map(\.id))
            let covered = store.overlay.cellCount
            #expect(store.overlay.storedCellCount <= 2 * covered + 32)
            largest = max(largest, covered)
        }
        for layer in layers { store.revert(layer.id) }
        expectShown(base, [], in: store)
        #expect(store.overlay.isEmpty && store.overlay.storedCellCount == 0)
        // The walk stacked layers over each other: many cells covered at once.
        #expect(largest > 30)
    }

    @Test func aLayerThatStaysKeepsTheOverlaySmallWhileOthersComeAndGo() {
        let store = Store()
        let name = Slot("name")
        var base: Cells = [:]
        for key in Self.keys { base[key] = [name: "base"] }
        store.commit(Self.changes(base))
        let kept = store.applyOptimistic(Self.changes([Self.keys[0]: [name: "kept"]]))
        var others: Cells = [:]
        for key in Self.keys.dropFirst() { others[key] = [name: "other"] }
        for round in 0..<20 {
            let layer = store.applyOptimistic(Self.changes(others))
            if round.isMultiple(of: 2) {
                store.revert(layer)
            } else {
                var answer: Cells = [:]
                for key in Self.keys { answer[key] = [name: "answer \(round)"] }
                store.commit(Self.changes(answer), replacing: layer)
                base = answer
            }
            #expect(store.overlay.cellCount == 1)
            #expect(store.overlay.storedCellCount <= 2 * Self.keys.count)
            expectShown(base, [(kept, [Self.keys[0]: [name: "kept"]])], in: store)
        }
        store.revert(kept)
        #expect(store.record(Self.keys[0])?[untracked: name] == .string("answer 19"))
        #expect(store.overlay.storedCellCount == 0)
    }
}
