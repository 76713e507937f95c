/// A handle the environment tells of invalidations and of the app's activity: every live
/// ``QueryHandle`` and ``SubscriptionHandle`` made in it. Main actor.
@MainActor
protocol LiveHandle: AnyObject {
    /// The store invalidated `invalidation`'s records, while the app is active.
    func storeInvalidated(_ invalidation: Invalidation)
    /// The app went to `activity`.
    func activityChanged(to activity: AppActivity)
}

/// The environment's weak hold on a ``LiveHandle``: the handle's owner decides its life.
/// Main actor.
@MainActor
struct LiveHandleReference {
    weak var handle: (any LiveHandle)?
}
