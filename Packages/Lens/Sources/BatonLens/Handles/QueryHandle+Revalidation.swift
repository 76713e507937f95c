extension QueryHandle: LiveHandle {
    /// Fetches again when `invalidation` touches a record the handle's query reaches, as
    /// collection walks it (`Store.reachableKeys(_:)`): once per batch, however many of its
    /// records the batch holds.
    func storeInvalidated(_ invalidation: Invalidation) {
        guard let plan, revalidates else { return }
        if case .records = invalidation, !invalidation.touches(environment.store.reachableKeys(plan)) { return }
        revalidate(plan, because: .invalidated)
    }

    /// On the app's return, fetches again when the store no longer answers the operation
    /// freshly under the handle's policy and the operation's `cacheExpiration`.
    func activityChanged(to activity: AppActivity) {
        guard activity == .active, let plan, revalidates else { return }
        let check = environment.store.check(plan, maxAge: policy.maxAge(expiration: Op.cacheExpiration))
        if check.isAvailable { return }
        revalidate(plan, because: .activated)
    }

    /// Whether the handle fetches on its own: not under `.cacheOnly`, nor once its
    /// environment has ended.
    private var revalidates: Bool {
        policy != .cacheOnly && !environment.isEnded
    }

    private func revalidate(_ plan: OperationPlan, because reason: RevalidationReason) {
        environment.log?(.revalidating(operation: plan.name ?? "anonymous", reason: reason))
        fetch(plan)
    }
}
