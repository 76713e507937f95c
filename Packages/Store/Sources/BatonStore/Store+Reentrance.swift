extension Store {
    /// Runs `body`, a walk over the store's records (the check, collection's marking, the
    /// search for a connection), noting it in debug builds.
    ///
    /// A walk's nodes borrow the records they reach (``StoreNode``, ``MarkNode``): the table
    /// holds them, and nothing may change the store meanwhile. A commit holds the store's
    /// optimistic overlay and its planned writes until it has applied them, and nothing may
    /// begin another meanwhile. The one way either could happen is an observer's callback,
    /// which Observation calls synchronously: when a commit announces its changes, and when
    /// the check fills a record from the persistence. A commit, an optimistic layer, a
    /// revert, a collection or ``end()`` begun from there traps in debug builds
    /// (``assertMayChange(_:)``), and belongs in a `Task`.
    @inline(__always)
    func walking<R>(_ body: () throws -> R) rethrows -> R {
        #if DEBUG
        walksUnderWay += 1
        defer { walksUnderWay -= 1 }
        #endif
        return try body()
    }

    /// Traps in debug builds when a walk over the records or a commit is under way: `change`
    /// (what was about to change the store) came from inside one.
    @inline(__always)
    func assertMayChange(_ change: StaticString) {
        #if DEBUG
        assert(
            walksUnderWay == 0 && commitsUnderWay == 0,
            "the store's \(change) began while it \(walksUnderWay > 0 ? "walked its records" : "applied a commit") "
                + "(from an observer's callback?): change the store from a Task, not from inside an observation "
                + "callback")
        #endif
    }

    /// Notes that a commit began (``beginCommit(tracksPersistence:)``) or ended
    /// (``finish(_:)``), in debug builds.
    @inline(__always)
    func noteCommit(began: Bool) {
        #if DEBUG
        commitsUnderWay += began ? 1 : -1
        #endif
    }
}
