import Foundation
import Testing
import BatonStore

/// The store learns of its persistence's faults through `Persistence.reportFaults(to:)`, keeps
/// the latest and tells its observers, on the main actor.
@MainActor @Suite struct PersistenceFaultTests {
    /// Yields, then sleeps, up to two seconds, until `condition` holds.
    func eventually(_ condition: () -> Bool) async -> Bool {
        for attempt in 0..<2_000 {
            if condition() { return true }
            if attempt < 50 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
        }
        return condition()
    }

    @Test func aFaultThePersistenceReportsIsKeptByTheStoreAndToldToItsObservers() async {
        let disk = FaultingPersistence()
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        var told: [PersistenceFault] = []
        store.observePersistenceFaults(disk) { told.append($0) }
        #expect(store.persistenceFault == nil)

        disk.fail(.init(name: "disk full"))
        #expect(await eventually { store.persistenceFault != nil })
        #expect(store.persistenceFault == PersistenceFault(FaultingPersistence.Fault(name: "disk full")))
        #expect(told == [PersistenceFault(FaultingPersistence.Fault(name: "disk full"))])

        disk.fail(.init(name: "file deleted"))
        #expect(await eventually { told.count == 2 })
        #expect(store.persistenceFault?.error as? FaultingPersistence.Fault == .init(name: "file deleted"))
        // The store goes on in memory.
        store.commit(StoreFixture.changes, fetched: StoreFixture.plan.identity)
        #expect(store.check(StoreFixture.plan).isAvailable)
    }

    @Test func aFaultFromBeforeTheStoreReachesItAndAnObserverThatComesLaterIsToldAtOnce() async {
        let disk = FaultingPersistence(faulted: .init(name: "cannot open"))
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        #expect(await eventually { store.persistenceFault != nil })
        var told: [PersistenceFault] = []
        store.observePersistenceFaults(disk) { told.append($0) }
        #expect(told == [PersistenceFault(FaultingPersistence.Fault(name: "cannot open"))])
    }

    @Test func anObserverIsToldNothingOnceItsOwnerIsGoneOrTheStoreHasEnded() async {
        let disk = FaultingPersistence()
        let store = Store(normalization: StoreFixture.normalization, persistence: disk)
        var told = 0
        var owner: NSObject? = NSObject()
        store.observePersistenceFaults(owner!) { _ in told += 1 }
        owner = nil
        disk.fail(.init(name: "disk full"))
        #expect(await eventually { store.persistenceFault != nil })
        #expect(told == 0)

        store.observePersistenceFaults(disk) { _ in told += 1 }
        #expect(told == 1)
        store.end()
        disk.fail(.init(name: "file deleted"))
        try? await Task.sleep(for: .milliseconds(50))
        #expect(told == 1)
    }

    @Test func aPersistenceThatReportsNoFaultsNeedsNothingForIt() {
        let store = Store(normalization: StoreFixture.normalization, persistence: FakePersistence())
        #expect(store.persistenceFault == nil)
    }
}
