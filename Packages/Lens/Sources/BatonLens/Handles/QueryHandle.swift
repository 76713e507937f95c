import Foundation
import Observation

/// A query on screen: its data as a lens over the store, its phase, and its fetches.
///
/// Main actor, `Observable`: a view reading ``data``, ``phase``, ``isRefreshing``,
/// ``isLoadingPage`` or ``error`` re-renders when that property changes, and a read costs what
/// an `@Observable` property's does. The initializer resolves the operation against the store
/// synchronously (through `Store.check(_:maxAge:now:)`, and so through the image), so
/// data the store holds is in ``data`` before the first body (except under
/// ``FetchPolicy/networkFirst``, which shows it only when its fetch fails); data older than
/// the operation's ``GraphQLOperation/cacheExpiration`` is stale, shown while it is fetched
/// again. Then it fetches as its ``FetchPolicy`` says, joining an identical fetch in flight
/// (a `GraphQLEnvironment.preload(_:variables:)` included). ``data`` is a lens: its reads
/// follow the store, so it is set once and views re-render per field they read, not per
/// response. While the handle lives, its operation is retained against collection.
///
/// A live handle also fetches again on its own (``LensEvent/revalidating(operation:reason:)``),
/// under its policy (never under ``FetchPolicy/cacheOnly``): once per invalidation batch that
/// touches a record its query reaches, and when the app comes back
/// (`GraphQLEnvironment.setActivity(_:)`) with its data stale or missing. Such a fetch fails
/// as any other: in ``error`` and ``phase``.
@MainActor
public final class QueryHandle<Op: GraphQLOperation>: Observable {
    /// The lens over the operation's root; nil until the store can answer the operation.
    public var data: Op.Data? {
        guard let ref = observed.data else { return nil }
        return Op.Data(ref: ref)
    }
    public var phase: QueryPhase { observed.phase }
    /// Whether a fetch is on its way while ``data`` shows what the store has.
    public var isRefreshing: Bool { observed.isRefreshing }
    /// Whether ``loadNext(_:)`` or ``loadPrevious(_:)`` is on its way.
    public var isLoadingPage: Bool { observed.isLoadingPage }
    /// The last failure; cleared by a fetch that lands.
    public var error: OperationError? { observed.error }
    /// The properties above, observed (`QueryHandleState`).
    let observed = QueryHandleState()

    public let variables: [String: JSONValue]
    public let policy: FetchPolicy
    /// The operation's plan; nil when it does not build (phase failed, `invalidOperation`).
    public let plan: OperationPlan?
    /// What the initializer's check found (for `.networkFirst`, what a failed fetch would fall
    /// back to); nil for `.networkOnly`, an operation that does not build, or an environment
    /// that has ended.
    public private(set) var initialCheck: CheckResult?
    let environment: GraphQLEnvironment
    private let retention: Retention?
    /// The fetch this handle awaits from ``fetch(_:)``, so a second call joining the same
    /// fetch waits for it once.
    private var awaitedFetch: InFlightFetch?

    public init(
        _ operation: Op.Type = Op.self, variables: [String: JSONValue] = [:], policy: FetchPolicy = .cacheFirst,
        in environment: GraphQLEnvironment
    ) {
        self.variables = variables
        self.policy = policy
        self.environment = environment
        let plan: OperationPlan
        do {
            plan = try environment.plan(operation, variables: variables)
        } catch {
            self.plan = nil
            self.retention = nil
            observed.error = .refused(.invalidOperation(error))
            observed.phase = .failed(.invalidOperation)
            return
        }
        self.plan = plan
        self.retention = Retention(environment.store.retain(plan))
        let name = plan.name ?? "anonymous"
        guard !environment.isEnded else {
            observed.error = .refused(.ended(operation: name))
            observed.phase = .failed(.ended)
            return
        }
        environment.onEnd(self) { [weak self] in self?.environmentEnded() }
        environment.register(self)

        var available = false
        var stale = false
        if policy != .networkOnly {
            let check = environment.store.check(plan, maxAge: policy.maxAge(expiration: Op.cacheExpiration))
            initialCheck = check
            environment.log?(.hydrated(operation: name, source: check.source, available: check.isAvailable))
            switch check.availability {
            case .available: available = true
            case .stale: stale = true
            case .missing: break
            }
        }
        if (available || stale) && policy != .networkFirst {
            observed.data = dataRef()
            observed.phase = .ready
        }
        let fetches: Bool
        switch policy {
        case .cacheFirst, .staleWhileRevalidate: fetches = !available || environment.isFetching(plan.identity)
        case .cacheAndNetwork, .networkOnly, .networkFirst: fetches = true
        case .cacheOnly: fetches = false
        }
        if fetches {
            fetch(plan)
        } else if observed.data == nil {
            observed.error = .refused(.notCached(missing: initialCheck?.missingPaths ?? [], operation: name))
            observed.phase = .failed(.notCached)
        }
    }

    deinit {
        retention?.release()
    }

    /// Fetches the operation again from the network (joining an identical fetch in flight)
    /// and returns when it has landed or failed.
    ///
    /// The answer starts the operation's paged lists again, as Relay's and Apollo's refetch
    /// do: a connection or page list holds the answer's first page alone, with its page info,
    /// so what the server has deleted or changed on a later page since it was loaded does not
    /// stay on screen. (A handle's own fetches, a relaunch's included, keep the later pages
    /// when the first page equals their head: see the README's Pagination.)
    public func refetch() async {
        guard let plan else { return }
        observed.isRefreshing = observed.data != nil
        if observed.data == nil { observed.phase = .loading }
        finish(await environment.startFetch(plan, startingListsAgain: true).result())
    }

    /// Starts (or joins) a fetch of `plan` and lands its result on the handle; joining the
    /// fetch the handle already awaits does nothing.
    func fetch(_ plan: OperationPlan) {
        let shared = environment.startFetch(plan)
        if shared === awaitedFetch { return }
        awaitedFetch = shared
        observed.isRefreshing = observed.data != nil
        if observed.data == nil { observed.phase = .loading }
        Task { [weak self] in
            let result = await shared.result()
            guard let self else { return }
            if self.awaitedFetch === shared { self.awaitedFetch = nil }
            self.finish(result)
        }
    }

    private func finish(_ result: Result<CommitSummary, OperationError>) {
        observed.isRefreshing = false
        switch result {
        case .success:
            if observed.data == nil { observed.data = dataRef() }
            observed.error = nil
            observed.phase = observed.data == nil ? .failed(.noData) : .ready
        case .failure(let failure):
            observed.error = failure
            if observed.data == nil, policy == .networkFirst { fallBackToTheStore() }
            observed.phase = .failed(failure.kind)
        }
    }

    /// `.networkFirst` after a failed fetch: shows what the store holds, stale or not, unless
    /// the environment has ended or the store lacks something the operation reads.
    private func fallBackToTheStore() {
        guard let plan, !environment.isEnded else { return }
        let check = environment.store.check(plan, maxAge: policy.maxAge(expiration: Op.cacheExpiration))
        if case .missing = check.availability { return }
        observed.data = dataRef()
    }

    private func environmentEnded() {
        observed.data = nil
        observed.isRefreshing = false
        observed.isLoadingPage = false
        observed.error = .refused(.ended(operation: plan?.name ?? "anonymous"))
        observed.phase = .failed(.ended)
    }

    func setLoadingPage(_ loading: Bool) {
        observed.isLoadingPage = loading
    }

    /// A page fetch's outcome: a failure is the handle's error; the phase stays.
    func setPageResult(_ result: Result<CommitSummary, OperationError>) {
        switch result {
        case .success: observed.error = nil
        case .failure(let failure): observed.error = failure
        }
    }

    /// The reference ``data`` wraps, over the operation's root; nil until the store holds it.
    func dataRef() -> RecordRef? {
        plan.flatMap { environment.rootRef(over: $0) }
    }
}

extension QueryHandle where Op: TypedVariablesOperation {
    /// A handle on `operation` under its typed `variables`.
    public convenience init(
        _ operation: Op.Type = Op.self, variables: Op.Variables, policy: FetchPolicy = .cacheFirst,
        in environment: GraphQLEnvironment
    ) {
        self.init(operation, variables: variables.variableValues, policy: policy, in: environment)
    }
}
