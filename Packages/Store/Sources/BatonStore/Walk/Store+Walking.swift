extension Store {
    /// Runs `body`, a walk over the store's records (the check, collection's marking, the
    /// search for a connection), noting it in debug builds.
    ///
    /// A walk's nodes borrow the records they reach (``StoreNode``, ``MarkNode``): the table
    /// holds them, and nothing may change the store meanwhile. The one way a change could come
    /// in is an observer's callback, which Observation calls synchronously when the check
    /// fills a record from the persistence; a commit, an optimistic layer, a revert or a
    /// collection started from there traps in debug builds (``assertNotWalking(_:)``), and
    /// belongs in a `Task`.
    @inline(__always)
    func walking<R>(_ body: () throws -> R) rethrows -> R {
        #if DEBUG
        walksUnderWay += 1
        defer { walksUnderWay -= 1 }
        #endif
        return try body()
    }

    /// Traps in debug builds when a walk over the records is under way: `change` (what was
    /// about to change the store) came from inside one.
    @inline(__always)
    func assertNotWalking(_ change: StaticString) {
        #if DEBUG
        assert(
            walksUnderWay == 0,
            "the store's \(change) began while it walked its records (from an observer told during a check?): "
                + "change the store from a Task, not from inside an observation callback")
        #endif
    }
}
