extension Store {
    /// Someone told of the persistence's faults while `owner` lives.
    struct FaultObserver {
        weak var owner: AnyObject?
        let body: @MainActor (PersistenceFault) -> Void
    }

    /// Calls `body` on the main actor with each fault the persistence reports from now on
    /// while `owner` lives, and at once with ``persistenceFault`` if one was reported already,
    /// so an observer that comes late misses nothing. An ended store tells no one.
    public func observePersistenceFaults(_ owner: AnyObject, _ body: @escaping @MainActor (PersistenceFault) -> Void) {
        disk.faultObservers.removeAll { $0.owner == nil }
        disk.faultObservers.append(FaultObserver(owner: owner, body: body))
        if let persistenceFault, !isEnded { body(persistenceFault) }
    }

    /// Keeps `fault` as the latest and tells the observers whose owners live.
    func notePersistenceFault(_ fault: PersistenceFault) {
        guard !isEnded else { return }
        disk.fault = fault
        disk.faultObservers.removeAll { $0.owner == nil }
        for observer in disk.faultObservers { observer.body(fault) }
    }
}
