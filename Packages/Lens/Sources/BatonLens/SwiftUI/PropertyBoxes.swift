/// What `@GraphQLFragment` keeps across its view's updates: one observer, a new one when the
/// environment or the key changes, refreshed at every other update (so a record that has
/// appeared since, or was replaced, is found). Main actor.
@MainActor
final class FragmentBox<F: Fragment> {
    private(set) var observer: FragmentObserver<F>?

    func prepare(in environment: GraphQLEnvironment, key: RecordKey) {
        if let observer, observer.environment === environment, observer.key == key {
            observer.refresh()
            return
        }
        observer = FragmentObserver(F.self, key: key, in: environment)
    }
}

/// What `@GraphQLMutation` keeps across its view's updates: one handle, a new one when the
/// environment changes. Main actor.
@MainActor
final class MutationBox<Op: GraphQLOperation> {
    private(set) var handle: MutationHandle<Op>?

    func prepare(in environment: GraphQLEnvironment) {
        if let handle, handle.environment === environment { return }
        handle = MutationHandle(Op.self, in: environment)
    }
}

/// What `@GraphQLSubscription` keeps across its view's updates: one handle, started when it
/// is made (the view's first update, as the view appears); a new one, started, when the
/// environment or the variables change, the old one stopped. Letting go of the box (the view
/// leaving the hierarchy releases its state) ends the stream. A handle stopped by the app, or
/// ended by the server, stays so across updates. Main actor.
@MainActor
final class SubscriptionBox<Op: GraphQLOperation> {
    private(set) var handle: SubscriptionHandle<Op>?

    func prepare(in environment: GraphQLEnvironment, variables: [String: JSONValue], backoff: Backoff) {
        if let handle, handle.environment === environment, handle.variables == variables { return }
        handle?.stop()
        let started = SubscriptionHandle(Op.self, variables: variables, backoff: backoff, in: environment)
        started.start()
        handle = started
    }
}
