import Foundation

/// The store, the transport and the fetches between them: what an app makes once per
/// account or scene and hands to its handles.
///
/// Main actor, with the store. Each fetch runs its transport call and the ingest off the
/// main actor in the fetch's own task and commits on the main actor, recording the fetch
/// time. Identical requests in flight (same operation and variables) are one request.
/// Persistence is the store's (`Store(persistence:)`): the environment never sees the image,
/// only the faults the store learns of, which it logs.
///
/// The environment follows the store's invalidations (`Store.invalidate(records:)`) and the
/// app's ``activity``: see ``setActivity(_:)`` and the DocC article *Invalidation and the app's
/// lifecycle*.
@MainActor
public final class GraphQLEnvironment {
    public let store: Store
    public let transport: any Transport
    /// What every lens made here shares: the store and the log.
    public let lensContext: LensContext
    /// The lenses long lists were last resolved to, which ``lensContext`` reaches weakly:
    /// owned here, so that they go with the environment (see `ListLensCache`).
    let listLenses = ListLensCache()
    /// Whether ``end()`` was called: nothing more is fetched or committed.
    public private(set) var isEnded = false
    /// Whether the app is in the foreground, as ``setActivity(_:)`` last said; `.active` at first.
    public internal(set) var activity: AppActivity = .active

    var inFlight: [OperationIdentity: InFlightFetch] = [:]
    /// The plans ``plan(_:variables:)`` made, by operation and variables; emptied when it
    /// reaches `planCacheLimit`.
    private var plans: [PlanKey: OperationPlan] = [:]
    /// How many plans `plans` holds before it starts again. Every variables' plan is
    /// cached, so a session that sends ever new variables (a mutation's text, a search) would
    /// otherwise keep one per request for good: the long session of `make soak` grew by about
    /// 3.6 KB a mutation. Handles keep the plans they use; one made again plans the same.
    static let planCacheLimit = 256
    /// How many plans are cached now.
    var cachedPlanCount: Int { plans.count }
    /// Each payload fragment's plan, made on its first write.
    private var fragmentPlans: [ObjectIdentifier: FragmentPlan] = [:]
    /// The templates of operations written without one, planned from their documents once
    /// per environment (in its store's normalization), by operation type: a page's or a
    /// refetch's new variables plan from the template, not from the document again.
    private var documentTemplates: [ObjectIdentifier: OperationTemplate] = [:]
    /// How many operations' documents this environment has planned into templates.
    var plannedDocumentCount: Int { documentTemplates.count }
    private var endObservers: [EndObserver] = []
    private var preloads: [OperationIdentity: RetainToken] = [:]
    /// The query and subscription handles made here that are still alive.
    var liveHandles: [LiveHandleReference] = []
    /// How many references ``liveHandles`` may hold before the dead ones are dropped.
    var liveHandlesLimit = 16

    /// - Parameters:
    ///   - store: the store every fetch commits to and every lens reads.
    ///   - transport: what sends each request and answers with the response's bytes.
    ///   - log: receives value-free events (``LensEvent``) on the main actor; among them
    ///     ``LensEvent/persistenceFailed(_:)``, at once if the store's persistence has faulted
    ///     already (`Store.persistenceFault`), and for each fault after.
    public init(store: Store, transport: any Transport, log: ((LensEvent) -> Void)? = nil) {
        self.store = store
        self.transport = transport
        self.lensContext = LensContext(store: store, log: log)
        lensContext.listLenses = listLenses
        store.observePersistenceFaults(self) { [weak self] fault in
            self?.log?(.persistenceFailed(fault))
        }
        store.observeInvalidations(self) { [weak self] invalidation in
            self?.storeInvalidated(invalidation)
        }
    }

    /// Receives value-free events on the main actor.
    public var log: ((LensEvent) -> Void)? {
        get { lensContext.log }
        set { lensContext.log = newValue }
    }

    /// The plan of `operation` under `variables` in this environment's normalization, made
    /// once per variables while cached (the cache keeps 256 at most, then starts again) and
    /// checked against the operation's lenses each time it is made. An operation without an
    /// emitted ``GraphQLOperation/template`` has its document planned into a template once
    /// per environment; each variables' plan starts from that template.
    public func plan<Op: GraphQLOperation>(
        _ operation: Op.Type, variables: [String: JSONValue] = [:]
    ) throws(OperationBuildError) -> OperationPlan {
        let key = PlanKey(
            operation: ObjectIdentifier(operation),
            variables: OperationIdentity(name: "", variables: variables).variables)
        if let plan = plans[key] { return plan }
        let template: OperationTemplate
        if let made = documentTemplates[key.operation] {
            template = made
        } else {
            template = try OperationBuilder.template(operation, normalization: store.normalization)
            if Op.template == nil { documentTemplates[key.operation] = template }
        }
        let plan = try OperationBuilder.plan(
            operation, template: template, variables: variables, normalization: store.normalization)
        if plans.count >= Self.planCacheLimit { plans.removeAll(keepingCapacity: true) }
        plans[key] = plan
        return plan
    }

    /// The plan `fragment`'s payloads are written through, in this environment's
    /// normalization: made once per fragment type.
    func plan<F: PayloadFragment>(_ fragment: F.Type) throws(PlanError) -> FragmentPlan {
        if let plan = fragmentPlans[ObjectIdentifier(fragment)] { return plan }
        let plan = try FragmentPlan(
            String(describing: fragment), template: F.selection, normalization: store.normalization)
        fragmentPlans[ObjectIdentifier(fragment)] = plan
        return plan
    }

    /// Fetches `operation` from the network and commits the response; joins an identical
    /// fetch in flight. Cancelling the calling task does not stop the fetch: the response
    /// still lands, and the call returns its outcome. Not a refetch: a first page equal to the
    /// head of a list the store holds keeps the later pages, as a handle's own fetch does
    /// (``QueryHandle/refetch()`` starts the list again).
    @discardableResult
    public func fetch<Op: GraphQLOperation>(
        _ operation: Op.Type, variables: [String: JSONValue] = [:]
    ) async throws(OperationError) -> CommitSummary {
        let plan: OperationPlan
        do {
            plan = try self.plan(operation, variables: variables)
        } catch {
            throw .refused(.invalidOperation(error))
        }
        return try await startFetch(plan).result().get()
    }

    /// ``fetch(_:variables:)`` under an operation's typed `variables`.
    @discardableResult
    public func fetch<Op: TypedVariablesOperation>(
        _ operation: Op.Type, variables: Op.Variables
    ) async throws(OperationError) -> CommitSummary {
        try await fetch(operation, variables: variables.variableValues)
    }

    /// ``preload(_:variables:)`` under an operation's typed `variables`.
    public func preload<Op: TypedVariablesOperation>(_ operation: Op.Type, variables: Op.Variables) {
        preload(operation, variables: variables.variableValues)
    }

    /// Starts fetching `operation` before any screen asks for it; a handle made later for the
    /// same operation and variables joins this fetch instead of sending another request. The
    /// operation is retained against collection until the fetch ends.
    public func preload<Op: GraphQLOperation>(_ operation: Op.Type, variables: [String: JSONValue] = [:]) {
        guard !isEnded, let plan = try? plan(operation, variables: variables) else { return }
        let identity = plan.identity
        if preloads[identity] == nil { preloads[identity] = store.retain(plan) }
        let fetch = startFetch(plan)
        Task { [weak self] in
            _ = await fetch.result()
            self?.preloads.removeValue(forKey: identity)?.release()
        }
    }

    /// Frees the records no live handle or recent operation reads; see `Store.collect()`.
    /// A collection that frees any lets go of the lists' lenses the environment kept too
    /// (`ListLensCache`), which hold the records they wrap: no kept list answers once a record
    /// has left memory.
    @discardableResult
    public func collect() -> Int {
        let count = store.collect()
        if count > 0 { listLenses.removeAll() }
        log?(.collected(count: count))
        return count
    }

    /// Ends the environment, the session: cancels its fetches and subscriptions, ends its
    /// store (memory lets go of every record, optimistic layers are dropped, the image is
    /// closed with its rows kept for the next launch) and commits nothing after. Handles
    /// report ``FailureKind/ended``; new fetches throw ``Refusal/ended(operation:)``.
    public func end() {
        guard !isEnded else { return }
        isEnded = true
        for fetch in inFlight.values { fetch.cancel() }
        inFlight.removeAll()
        for token in preloads.values { token.release() }
        preloads.removeAll()
        listLenses.removeAll()
        let observers = endObservers
        endObservers.removeAll()
        for observer in observers { observer.ended() }
        store.end()
        log?(.ended)
    }

    /// Calls `body` when the environment ends, while `owner` lives.
    func onEnd(_ owner: AnyObject, _ body: @escaping @MainActor () -> Void) {
        endObservers.removeAll { $0.owner == nil }
        endObservers.append(EndObserver(owner: owner, body: body))
    }

    /// Whether a fetch of `identity` is in flight.
    public func isFetching(_ identity: OperationIdentity) -> Bool {
        inFlight[identity] != nil
    }
}

/// A plan cache key: the operation type and its variables' text.
private struct PlanKey: Hashable {
    let operation: ObjectIdentifier
    let variables: String
}
