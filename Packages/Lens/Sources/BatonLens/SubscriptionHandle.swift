import Foundation
import Observation

/// A subscription: each payload of the transport's stream is ingested off the main actor and
/// committed as it arrives; a stream that drops (throws) reconnects after a jittered
/// exponential ``Backoff``; a stream the server finishes ends the handle.
///
/// Main actor, `@Observable`. A payload that does not ingest is skipped (the store stays as
/// it was) and reported in ``error``.
@MainActor
@Observable
public final class SubscriptionHandle<Op: GraphQLOperation> {
    public private(set) var state: SubscriptionState = .idle
    /// The lens over the subscription root; set with the first event.
    public private(set) var data: Op.Data?
    /// Events committed.
    public private(set) var eventCount = 0
    /// Reconnections made after drops.
    public private(set) var resumptions = 0
    public private(set) var error: FetchError?

    public let variables: [String: JSONValue]
    @ObservationIgnored public let backoff: Backoff
    @ObservationIgnored let environment: GraphQLEnvironment
    @ObservationIgnored private let task = TaskSlot()

    public init(
        _ operation: Op.Type = Op.self, variables: [String: JSONValue] = [:], backoff: Backoff = .standard,
        in environment: GraphQLEnvironment
    ) {
        self.variables = variables
        self.backoff = backoff
        self.environment = environment
        environment.onEnd(self) { [weak self] in self?.stop() }
    }

    deinit {
        task.cancel()
    }

    /// Connects, unless already started.
    public func start() {
        guard state == .idle || state == .ended else { return }
        let plan: OperationPlan
        do {
            plan = try environment.plan(Op.self, variables: variables)
        } catch {
            self.error = .invalidOperation(error)
            state = .ended
            return
        }
        guard !environment.isEnded else {
            error = .ended(operation: plan.name ?? "anonymous")
            state = .ended
            return
        }
        state = .connecting
        task.replace(Task { [weak self] in await self?.run(plan) })
    }

    /// Disconnects and ends.
    public func stop() {
        task.cancel()
        state = .ended
    }

    private func run(_ plan: OperationPlan) async {
        let name = plan.name ?? "anonymous"
        let transport = environment.transport
        var attempt = 0
        while !Task.isCancelled && !environment.isEnded {
            state = .connecting
            do {
                for try await payload in transport.payloads(for: plan.request) {
                    if Task.isCancelled || environment.isEnded { break }
                    attempt = 0
                    state = .open
                    receive(await GraphQLEnvironment.ingestOff(payload, plan: plan, after: []), plan: plan)
                }
                if !Task.isCancelled && !environment.isEnded { state = .ended }
                return
            } catch {
                if Task.isCancelled || environment.isEnded { return }
                attempt += 1
                self.error = .transport(error, operation: name)
                environment.log?(.subscriptionDropped(operation: name, attempt: attempt))
                state = .waiting(attempt: attempt)
                do {
                    try await backoff.sleep(backoff.delay(attempt: attempt))
                } catch {
                    return
                }
                if Task.isCancelled || environment.isEnded { return }
                resumptions += 1
            }
        }
    }

    private func receive(_ ingested: Result<IngestResult, FetchError>, plan: OperationPlan) {
        guard !environment.isEnded else { return }
        switch ingested {
        case .failure(let failure):
            error = failure
            environment.log?(.failed(operation: plan.name ?? "anonymous", kind: failure.kind))
        case .success(let result):
            guard result.hasData else {
                error = .noData(result.errors, operation: plan.name ?? "anonymous")
                return
            }
            let summary = environment.store.commit(result.changes)
            environment.log?(.committed(operation: plan.name ?? "anonymous",
                                        records: summary.recordsCreated + summary.recordsChanged,
                                        fields: summary.fieldsWritten))
            eventCount += 1
            if data == nil, let root = environment.store.record(plan.rootKey) {
                data = Op.Data(ref: RecordRef(record: root, selection: plan.root, context: environment.lensContext))
            }
        }
    }
}

extension SubscriptionHandle where Op: TypedVariablesOperation {
    /// A subscription to `operation` under its typed `variables`.
    public convenience init(
        _ operation: Op.Type = Op.self, variables: Op.Variables, backoff: Backoff = .standard, in environment: GraphQLEnvironment
    ) {
        self.init(operation, variables: variables.variableValues, backoff: backoff, in: environment)
    }
}
