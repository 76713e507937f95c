import Foundation
import Testing
import BatonLens

/// The environment's log says when the store's persistence faults, with the persistence's
/// error, whether the fault came before the environment or after.
@MainActor @Suite struct PersistenceFaultLogTests {
    static let cannotOpen = FaultingPersistence.Fault(name: "cannot open")

    @Test func anEnvironmentOverAStoreWhosePersistenceFaultedLogsTheFaultWhenMade() async {
        let store = Store(normalization: Spec.normalization, persistence: FaultingPersistence(faulted: Self.cannotOpen))
        await eventually { store.persistenceFault != nil }
        let log = EventLog()
        let environment = GraphQLEnvironment(store: store, transport: ScriptedTransport.silent(), log: log.sink)
        #expect(log.events == [.persistenceFailed(PersistenceFault(Self.cannotOpen))])
        environment.end()
    }

    @Test func anEnvironmentMadeBeforeTheFaultArrivesLogsItOnce() async {
        // The fault is reported before the store exists and reaches it a turn later.
        let store = Store(normalization: Spec.normalization, persistence: FaultingPersistence(faulted: Self.cannotOpen))
        let log = EventLog()
        let environment = GraphQLEnvironment(store: store, transport: ScriptedTransport.silent(), log: log.sink)
        #expect(await eventually { !log.events.isEmpty })
        try? await Task.sleep(for: .milliseconds(20))
        #expect(log.events == [.persistenceFailed(PersistenceFault(Self.cannotOpen))])
        environment.end()
    }

    @Test func aPersistenceFaultAfterTheEnvironmentIsMadeReachesItsLogWithTheTypedError() async {
        let disk = FaultingPersistence()
        let log = EventLog()
        let environment = GraphQLEnvironment(
            store: Store(normalization: Spec.normalization, persistence: disk), transport: ScriptedTransport.silent(),
            log: log.sink)
        #expect(log.events.isEmpty)
        disk.fail(.init(name: "file deleted"))
        #expect(await eventually { !log.events.isEmpty })
        guard case .persistenceFailed(let fault)? = log.events.first else {
            Issue.record("logged \(log.events)")
            return
        }
        #expect(fault.error as? FaultingPersistence.Fault == .init(name: "file deleted"))
        environment.end()
    }
}
