/// Whether the app is in the foreground, as the app tells its ``GraphQLEnvironment``
/// (`setActivity(_:)`, or an ``AppActivityObserver`` on Apple platforms). A value: safe on any
/// thread.
public enum AppActivity: Hashable, Sendable {
    /// In the foreground: subscriptions stream, invalidations refetch.
    case active
    /// Away (in the background, as ``AppActivityObserver`` reads the platform, or whatever the
    /// app decides): subscriptions are parked and invalidations wait for the return.
    case inactive
}
