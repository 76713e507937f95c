/// A handle's request to hear of ``GraphQLEnvironment/end()``, dropped once the handle is gone.
@MainActor
final class EndObserver {
    weak var owner: AnyObject?
    let body: @MainActor () -> Void

    init(owner: AnyObject, body: @escaping @MainActor () -> Void) {
        self.owner = owner
        self.body = body
    }

    func ended() {
        if owner != nil { body() }
    }
}
