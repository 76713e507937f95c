import Foundation
import Synchronization
import BatonStore

/// A disk that holds nothing and faults when the test says: each fault goes to every handler
/// the store gave it, and one reported before a handler came goes to it when it comes. Safe
/// from any thread.
final class FaultingPersistence: Persistence {
    /// A fault of this disk, by name.
    struct Fault: Error, Hashable {
        let name: String
    }

    private let state = Mutex<(fault: Fault?, handlers: [@Sendable (PersistenceFault) -> Void])>((nil, []))

    init(faulted fault: Fault? = nil) {
        state.withLock { $0.fault = fault }
    }

    /// Reports `fault` to every handler, on another thread.
    func fail(_ fault: Fault) {
        let handlers = state.withLock { state in
            state.fault = fault
            return state.handlers
        }
        DispatchQueue.global().async { for handler in handlers { handler(PersistenceFault(fault)) } }
    }

    func reportFaults(to handler: @escaping @Sendable (PersistenceFault) -> Void) {
        let fault = state.withLock { state in
            state.handlers.append(handler)
            return state.fault
        }
        if let fault { DispatchQueue.global().async { handler(PersistenceFault(fault)) } }
    }

    func withReadTransaction<R>(_ body: (any PersistenceReader) throws -> R) throws -> R {
        try body(Reader())
    }

    func write(_ batch: PersistenceBatch) {}

    struct Reader: PersistenceReader {
        func snapshot(of key: RecordKey, fields: [Slot]) throws -> RecordSnapshot? { nil }
        func fetchTime(of operation: OperationIdentity) throws -> Date? { nil }
    }
}
