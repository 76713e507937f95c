/// A handle's hold on an operation: while it is held, collection keeps every record the
/// operation reads. Main actor, like the store.
@MainActor
public final class RetainToken {
    let id: Int
    public let operation: OperationIdentity
    private weak var store: Store?
    public private(set) var isReleased = false

    init(id: Int, operation: OperationIdentity, store: Store) {
        self.id = id
        self.operation = operation
        self.store = store
    }

    /// Ends the hold; the operation moves to the store's release buffer. Releasing again
    /// does nothing.
    public func release() {
        guard !isReleased else { return }
        isReleased = true
        store?.release(id)
    }
}
