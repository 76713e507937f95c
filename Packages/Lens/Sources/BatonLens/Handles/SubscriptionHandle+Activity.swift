extension SubscriptionHandle: LiveHandle {
    /// Subscriptions do not refetch: their events keep what they show current.
    func storeInvalidated(_ invalidation: Invalidation) {}

    /// Parks a started handle when the app goes inactive; subscribes a parked one again when
    /// it is back.
    func activityChanged(to activity: AppActivity) {
        switch (activity, state) {
        case (.inactive, .connecting), (.inactive, .open), (.inactive, .waiting):
            park()
        case (.active, .parked):
            guard !environment.isEnded, let plan = try? environment.plan(Op.self, variables: variables) else {
                finished()
                return
            }
            connect(plan)
        default:
            break
        }
    }
}
