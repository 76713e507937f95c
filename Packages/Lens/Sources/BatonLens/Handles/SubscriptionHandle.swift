import Foundation
import Observation

/// A subscription: each payload of the transport's stream is ingested off the main actor and
/// committed as it arrives; a stream that drops (throws) reconnects after a jittered
/// exponential ``Backoff``; a stream the server finishes ends the handle. A stream that fails
/// with an error retrying cannot cure (`TransportFailure.isPermanent`: an unsupported
/// transport, an HTTP 4xx other than 408 and 429) leaves the handle ``SubscriptionState/failed(_:)``.
///
/// Main actor, `Observable` (a view reading one of its properties re-renders when that
/// property changes; a read costs what an `@Observable` property's does). A payload that does
/// not ingest is skipped (the store stays as it was) and reported in ``error``. The running
/// stream does not keep the handle alive: an app that lets go of it ends the stream, as
/// ``stop()`` does.
///
/// While the app is inactive (`GraphQLEnvironment.setActivity(.inactive)`) a started handle is
/// ``SubscriptionState/parked``: its stream is let go (a backoff's wait too); when the app is
/// back it subscribes again, a new stream from the transport, with its `data` and counts kept.
@MainActor
public final class SubscriptionHandle<Op: GraphQLOperation>: Observable {
    public var state: SubscriptionState { observed.state }
    /// The lens over the subscription root; set with the first event.
    public var data: Op.Data? {
        guard let ref = observed.data else { return nil }
        return Op.Data(ref: ref)
    }
    /// Events committed.
    public var eventCount: Int { observed.eventCount }
    /// Reconnections made after drops.
    public var resumptions: Int { observed.resumptions }
    /// The last failure: the drop being recovered from, the permanent failure, or a payload
    /// that did not ingest. Cleared when a stream connects.
    public var error: OperationError? { observed.error }
    /// The properties above, observed (`SubscriptionHandleState`).
    let observed = SubscriptionHandleState()

    public let variables: [String: JSONValue]
    public let backoff: Backoff
    let environment: GraphQLEnvironment
    private let task = TaskSlot()

    public init(
        _ operation: Op.Type = Op.self, variables: [String: JSONValue] = [:], backoff: Backoff = .standard,
        in environment: GraphQLEnvironment
    ) {
        self.variables = variables
        self.backoff = backoff
        self.environment = environment
        environment.onEnd(self) { [weak self] in self?.stop() }
        environment.register(self)
    }

    deinit {
        task.cancel()
    }

    /// Connects, unless already started (connecting, open, waiting to reconnect or parked);
    /// while the app is inactive, parks at once and connects on its return.
    public func start() {
        switch state {
        case .idle, .ended, .failed: break
        case .connecting, .open, .waiting, .parked: return
        }
        let plan: OperationPlan
        do {
            plan = try environment.plan(Op.self, variables: variables)
        } catch {
            observed.error = .refused(.invalidOperation(error))
            observed.state = .ended
            return
        }
        guard !environment.isEnded else {
            observed.error = .refused(.ended(operation: plan.name ?? "anonymous"))
            observed.state = .ended
            return
        }
        guard environment.activity == .active else {
            observed.state = .parked
            return
        }
        connect(plan)
    }

    /// Runs a new connection loop for `plan`, replacing any other.
    func connect(_ plan: OperationPlan) {
        observed.state = .connecting
        let loop = SubscriptionLoop(handle: self, plan: plan, environment: environment, backoff: backoff)
        task.replace(Task { await loop.run() })
    }

    /// Lets the stream go, keeping the handle started: see ``SubscriptionState/parked``.
    func park() {
        task.cancel()
        observed.state = .parked
    }

    /// Disconnects and ends; a parked handle stays ended when the app comes back.
    public func stop() {
        task.cancel()
        observed.state = .ended
    }

    // MARK: The loop's reports

    func connecting() {
        observed.state = .connecting
    }

    /// The transport says the stream is up (or its first payload came): a reconnection
    /// clears the error that dropped the last stream.
    func connected() {
        observed.state = .open
        observed.error = nil
    }

    func dropped(_ failure: any Error, attempt: Int, plan: OperationPlan) {
        let name = plan.name ?? "anonymous"
        observed.error = .fetch(.transport(failure, operation: name))
        environment.log?(.subscriptionDropped(operation: name, attempt: attempt))
        observed.state = .waiting(attempt: attempt)
    }

    func resumed() {
        observed.resumptions += 1
    }

    /// An error that retrying cannot make go away: the handle stops, failed.
    func failed(_ failure: any Error, plan: OperationPlan) {
        let name = plan.name ?? "anonymous"
        let error = OperationError.fetch(.transport(failure, operation: name))
        observed.error = error
        environment.log?(.failed(operation: name, kind: error.kind))
        observed.state = .failed(error.kind)
    }

    func finished() {
        observed.state = .ended
    }

    func receive(_ ingested: Result<IngestResult, FetchError>, plan: OperationPlan) {
        guard !environment.isEnded else { return }
        switch environment.land(ingested, of: plan, as: .event) {
        case .success:
            observed.eventCount += 1
            if observed.data == nil { observed.data = environment.rootRef(over: plan) }
        case .failure(let failure):
            observed.error = failure
            environment.log?(.failed(operation: plan.name ?? "anonymous", kind: failure.kind))
        }
    }
}

extension SubscriptionHandle where Op: TypedVariablesOperation {
    /// A subscription to `operation` under its typed `variables`.
    public convenience init(
        _ operation: Op.Type = Op.self, variables: Op.Variables, backoff: Backoff = .standard,
        in environment: GraphQLEnvironment
    ) {
        self.init(operation, variables: variables.variableValues, backoff: backoff, in: environment)
    }
}
