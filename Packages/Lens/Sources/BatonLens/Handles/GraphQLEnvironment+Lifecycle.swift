extension GraphQLEnvironment {
    /// Tells the environment whether the app is in the foreground; telling it what it
    /// already knows does nothing, and so does an ended environment.
    ///
    /// Going `.inactive`: every started ``SubscriptionHandle`` is parked, its transport stream
    /// let go (`SubscriptionState/parked`); invalidations refetch nothing until the return. A
    /// fetch in flight is left to finish: its response lands and commits as usual, and if the
    /// system suspends the app first and the transport fails, the failure is on its handles as
    /// any failure is. Nothing a caller asks for is held back: a `fetch`, a handle's
    /// `refetch()`, a new handle's first fetch and a mutation go out while inactive.
    ///
    /// Going `.active`: every parked subscription subscribes again, and every ``QueryHandle``
    /// whose data is no longer fresh (older than its `maxAge` or the operation's
    /// `cacheExpiration`, invalidated meanwhile, or missing, as after a fetch that failed)
    /// fetches again under its policy (not under `.cacheOnly`); a fresh one fetches nothing.
    public func setActivity(_ activity: AppActivity) {
        guard activity != self.activity, !isEnded else { return }
        self.activity = activity
        log?(.activityChanged(activity))
        for handle in currentLiveHandles() { handle.activityChanged(to: activity) }
    }

    /// Tells `handle` of invalidations and of the app's activity while it lives.
    func register(_ handle: some LiveHandle) {
        if liveHandles.count >= liveHandlesLimit {
            liveHandles.removeAll { $0.handle == nil }
            liveHandlesLimit = max(16, liveHandles.count * 2)
        }
        liveHandles.append(LiveHandleReference(handle: handle))
    }

    /// A store invalidation: while the app is active, each live handle hears of it once per
    /// batch (the query handles reaching an invalidated record refetch); while inactive, no
    /// one does, and the return revalidates what went stale.
    func storeInvalidated(_ invalidation: Invalidation) {
        guard activity == .active, !isEnded else { return }
        for handle in currentLiveHandles() { handle.storeInvalidated(invalidation) }
    }

    private func currentLiveHandles() -> [any LiveHandle] {
        liveHandles.compactMap(\.handle)
    }
}
