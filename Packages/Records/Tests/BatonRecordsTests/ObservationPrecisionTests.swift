import Observation
import Testing
@_spi(Baton) @testable import BatonRecords

/// Counts how often a tracked read fires; `onChange` runs before the change (willSet).
private final class Fired: @unchecked Sendable {
    var count = 0
}

/// A view-like reader that re-reads and re-tracks the moment it is told of a change, on
/// the main actor, where Observation calls `onChange` (in the writer's turn).
@MainActor
private final class EagerReader {
    let record: Record
    let fields: [FieldSlot]
    var seen: [[Value?]] = []

    init(record: Record, fields: [FieldSlot]) {
        self.record = record
        self.fields = fields
    }

    func render() {
        withObservationTracking {
            for field in fields { _ = record[field] }
        } onChange: {
            MainActor.assumeIsolated {
                self.seen.append(self.fields.map { self.record[untracked: $0.slot] })
                self.render()
            }
        }
    }
}

private func track(_ read: () -> Void) -> Fired {
    let fired = Fired()
    withObservationTracking(read) { fired.count += 1 }
    return fired
}

@MainActor
private func record(_ key: RecordKey, _ values: [String: Value]) -> Record {
    let record = Record(key: key)
    for (name, value) in values { record.write(value, at: Slot(name)) }
    return record
}

@MainActor @Suite struct ObservationPrecisionTests {
    let a = FieldSlot.named("a")
    let b = FieldSlot.named("b")

    @Test func readFieldFiresWhenThatFieldChanges() {
        let r = record("R:1", ["a": .int(1), "b": .int(2)])
        let fired = track { _ = r[a] }
        r.write(.int(10), at: a.slot)
        #expect(fired.count == 1)
        #expect(r[untracked: a.slot] == .int(10))
    }

    @Test func readFieldDoesNotFireWhenAnotherFieldChanges() {
        let r = record("R:1", ["a": .int(1), "b": .int(2)])
        let fired = track { _ = r[a] }
        r.write(.int(20), at: b.slot)
        #expect(fired.count == 0)
    }

    @Test func aReadThroughAnUnretainedEntryFiresWhenThatFieldChangesAndNoOther() {
        let r = record("R:1", ["a": .int(1), "b": .int(2)])
        let entry = Unmanaged.passUnretained(a)
        // The record's first tracked read, then one through the registrar it made.
        let first = track { #expect(r[entry] == .int(1)) }
        let second = track { _ = r[entry] }
        r.write(.int(20), at: b.slot)
        #expect(first.count == 0 && second.count == 0)
        r.write(.int(10), at: a.slot)
        #expect(first.count == 1 && second.count == 1)
        #expect(r[Unmanaged.passUnretained(FieldSlot.named("absent"))] == nil)
    }

    @Test func readFieldDoesNotFireWhenSameFieldOfAnotherRecordChanges() {
        let r = record("R:1", ["a": .int(1)])
        let s = record("R:2", ["a": .int(1)])
        let fired = track { _ = r[a] }
        s.write(.int(5), at: a.slot)
        #expect(fired.count == 0)
    }

    @Test func writeOfEqualValueNotifiesNoOne() {
        let r = record("R:1", ["a": .string("x")])
        let fired = track { _ = r[a] }
        #expect(r.write(.string("x"), at: a.slot) == false)
        #expect(fired.count == 0)
    }

    @Test func readOfAbsentFieldFiresWhenFieldArrives() {
        let r = record("R:1", [:])
        var seen: Value?? = .some(nil)
        let fired = track { seen = r[a] }
        #expect(seen == .some(nil))
        r.write(.null, at: a.slot)
        #expect(fired.count == 1)
        #expect(r[untracked: a.slot] == .null)
    }

    @Test func removingAFieldNotifiesItsReader() {
        let r = record("R:1", ["a": .int(1)])
        let fired = track { _ = r[a] }
        r.write(nil, at: a.slot)
        #expect(fired.count == 1)
        #expect(r[untracked: a.slot] == nil)
    }

    @Test func slotSubscriptAndFieldSubscriptRegisterTheSameChannel() {
        let r = record("R:1", ["a": .int(1)])
        let fired = track { _ = r[slot: a.slot] }
        r.write(.int(2), at: a.slot)
        #expect(fired.count == 1)
    }

    @Test func untrackedReadRegistersNothing() {
        let r = record("R:1", ["a": .int(1)])
        let fired = track { _ = r[untracked: a.slot] }
        r.write(.int(2), at: a.slot)
        #expect(fired.count == 0)
    }

    @Test func announcedChangesLetAnEagerReaderSeeNoneOfTheBatch() {
        let r = record("R:1", ["a": .int(1), "b": .int(1)])
        let reader = EagerReader(record: r, fields: [a, b])
        reader.render()
        // The three phases a commit uses: announce all, store all, close all.
        r.willChange(a.slot)
        r.willChange(b.slot)
        r.store(.int(2), at: a.slot)
        r.store(.int(2), at: b.slot)
        r.didChange(a.slot)
        r.didChange(b.slot)
        #expect(reader.seen.count == 2)
        #expect(reader.seen.allSatisfy { $0 == [.int(1), .int(1)] })
        #expect(r[untracked: a.slot] == .int(2) && r[untracked: b.slot] == .int(2))
    }

    @Test func recordNeverReadTrackedIsNotPossiblyObserved() {
        let r = record("R:1", ["a": .int(1)])
        #expect(!r.isPossiblyObserved)
        _ = r[untracked: a.slot]
        #expect(!r.isPossiblyObserved)
        _ = r[a]
        #expect(r.isPossiblyObserved)
    }

    @Test func aRecordMadeFromStorageIsObservedOnceReadTracked() {
        let r = Record(
            key: "R:2", slots: ContiguousArray([a.slot, b.slot].sorted()),
            values: a.slot < b.slot ? [.int(1), .int(2)] : [.int(2), .int(1)])
        #expect(r[untracked: a.slot] == .int(1) && r[untracked: b.slot] == .int(2))
        #expect(!r.isPossiblyObserved)
        let fired = track { _ = r[a] }
        #expect(r.isPossiblyObserved)
        r.write(Value.int(2), at: b.slot)
        #expect(fired.count == 0)
        r.write(Value.int(3), at: a.slot)
        #expect(fired.count == 1)
    }

    /// Fields interned until the last one's slot is past the named ones.
    private func fieldsPastTheNames() -> [FieldSlot] {
        var fields: [FieldSlot] = []
        while fields.last.map({ Int($0.slot.rawValue) < Record.observationNameCount }) ?? true {
            fields.append(FieldSlot.named("pastTheNames\(fields.count)"))
        }
        return fields
    }

    @Test func everySlotHasANameOfItsOwn() {
        let fields = fieldsPastTheNames()
        let names = fields.map { $0.keyPath as AnyKeyPath }
        #expect(Set(names).count == names.count)
        for field in fields {
            // The first slots are named by members, the rest through the subscript.
            let throughSubscript = field.keyPath == \Record.[observed: field.slot]
            #expect(
                throughSubscript == (Int(field.slot.rawValue) >= Record.observationNameCount), "\(field.storageKey)")
        }
    }

    @Test func namedAndSubscriptSlotsEachNotifyOnlyTheirReaders() {
        // Other suites intern names as this one runs: the first slot is named whatever ran.
        let named = NameTable.shared.field(at: Slot(rawValue: 0))
        let past = fieldsPastTheNames().last!
        let r = Record(key: "R:3")
        r.write(.int(1), at: named.slot)
        r.write(.int(2), at: past.slot)
        let readsPast = track { _ = r[past] }
        let readsNamed = track { _ = r[named] }
        r.write(.int(3), at: past.slot)
        #expect(readsPast.count == 1 && readsNamed.count == 0)
        let readsPastAgain = track { _ = r[past] }
        r.write(.int(4), at: named.slot)
        #expect(readsNamed.count == 1 && readsPastAgain.count == 0)
    }
}
