/// What every lens made by one environment shares: the store its links resolve through and
/// the log `@required(action: LOG)` reports to. Main actor, like the store.
@MainActor
public final class LensContext {
    public let store: Store
    /// Receives value-free events; see ``LensEvent``.
    public var log: ((LensEvent) -> Void)?
    /// The lenses long lists were last resolved to (``ListLensCache``): its environment's,
    /// held weakly, since the lenses it keeps hold this context.
    weak var listLenses: ListLensCache?

    public init(store: Store, log: ((LensEvent) -> Void)? = nil) {
        self.store = store
        self.log = log
    }

    func report(_ event: LensEvent) {
        log?(event)
    }
}
