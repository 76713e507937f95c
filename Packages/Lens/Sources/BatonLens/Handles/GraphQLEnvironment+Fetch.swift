import Foundation

extension GraphQLEnvironment {
    /// The fetch of `plan` in flight, or a new one: the transport call and the ingest run off
    /// the main actor in the task; the commit runs on it. Registered before this returns, so
    /// identical requests made in the same turn share it.
    func startFetch(_ plan: OperationPlan) -> Task<Result<CommitSummary, FetchError>, Never> {
        let identity = plan.identity
        if let task = inFlight[identity] { return task }
        let name = plan.name ?? "anonymous"
        guard !isEnded else { return Task { .failure(.ended(operation: name)) } }
        log?(.fetchStarted(operation: name))
        let transport = self.transport
        let task = Task { () -> Result<CommitSummary, FetchError> in
            let result: Result<CommitSummary, FetchError>
            if plan.deferLabels.isEmpty {
                result = await self.land(Self.download(plan, transport: transport), plan: plan, first: true)
            } else {
                result = await self.streamIncremental(plan, transport: transport)
            }
            if self.inFlight[identity] != nil, !self.isEnded { self.inFlight[identity] = nil }
            if case .failure(let error) = result { self.log?(.failed(operation: name, kind: error.kind)) }
            return result
        }
        inFlight[identity] = task
        return task
    }

    /// Commits the payloads of an incremental (`@defer`) response as they arrive.
    private func streamIncremental(_ plan: OperationPlan, transport: any Transport) async -> Result<
        CommitSummary, FetchError
    > {
        let name = plan.name ?? "anonymous"
        var targets: [DeferredTarget] = []
        var total = CommitSummary()
        var first = true
        do {
            for try await payload in transport.payloads(for: plan.request) {
                let ingested = await Self.ingestOff(payload, plan: plan, after: targets)
                if case .success(let result) = ingested { targets += result.deferredTargets }
                switch land(ingested, plan: plan, first: first) {
                case .success(let summary):
                    total.recordsCreated += summary.recordsCreated
                    total.recordsChanged += summary.recordsChanged
                    total.fieldsWritten += summary.fieldsWritten
                case .failure(let error): return .failure(error)
                }
                first = false
            }
        } catch {
            return .failure(
                Task.isCancelled || error is CancellationError
                    ? .cancelled(operation: name) : .transport(error, operation: name))
        }
        return .success(total)
    }

    /// Commits an ingested response on the main actor, unless the environment has ended.
    func land(_ ingested: Result<IngestResult, FetchError>, plan: OperationPlan, first: Bool) -> Result<
        CommitSummary, FetchError
    > {
        let name = plan.name ?? "anonymous"
        guard !isEnded else { return .failure(.ended(operation: name)) }
        let result: IngestResult
        switch ingested {
        case .failure(let error): return .failure(error)
        case .success(let value): result = value
        }
        if first && !result.hasData { return .failure(.noData(result.errors, operation: name)) }
        let summary = store.commit(result.changes, fetched: first ? plan.identity : nil)
        log?(
            .committed(
                operation: name, records: summary.recordsCreated + summary.recordsChanged, fields: summary.fieldsWritten
            ))
        return .success(summary)
    }

    /// Sends `plan`'s request and ingests the answer, off the main actor.
    @concurrent
    nonisolated static func download(_ plan: OperationPlan, transport: any Transport) async -> Result<
        IngestResult, FetchError
    > {
        let name = plan.name ?? "anonymous"
        let bytes: Data
        do {
            bytes = try await transport.send(plan.request)
        } catch {
            return .failure(
                Task.isCancelled || error is CancellationError
                    ? .cancelled(operation: name) : .transport(error, operation: name))
        }
        if Task.isCancelled { return .failure(.cancelled(operation: name)) }
        return ingest(bytes, plan: plan, after: [])
    }

    /// Ingests one payload off the main actor.
    @concurrent
    nonisolated static func ingestOff(_ bytes: Data, plan: OperationPlan, after targets: [DeferredTarget]) async
        -> Result<IngestResult, FetchError>
    {
        ingest(bytes, plan: plan, after: targets)
    }

    nonisolated static func ingest(_ bytes: Data, plan: OperationPlan, after targets: [DeferredTarget]) -> Result<
        IngestResult, FetchError
    > {
        do {
            return .success(try Ingest().ingest(bytes, plan: plan, after: targets))
        } catch {
            return .failure(.malformedResponse(error, operation: plan.name ?? "anonymous"))
        }
    }
}
