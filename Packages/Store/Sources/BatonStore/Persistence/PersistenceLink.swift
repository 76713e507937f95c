/// The store's side of its disk: the persistence, the last error it threw while the check
/// read from it, the latest fault it reported, and who is told of faults. Part of one
/// ``Store``; main actor, with it.
struct PersistenceLink {
    /// The disk behind the store, if any; nil once the store ended.
    var persistence: (any Persistence)?
    /// The last error the persistence threw while the check read from it.
    var lastError: (any Error)?
    /// The latest fault the persistence reported.
    var fault: PersistenceFault?
    var faultObservers: [Store.FaultObserver] = []
}
