import Foundation

extension GraphQLEnvironment {
    /// The fetch of `plan` in flight, or a new one: the transport call and the ingest run off
    /// the main actor in the task; the commit runs on it. Registered before this returns, so
    /// identical requests made in the same turn share it.
    ///
    /// The task starts at once, on the main actor, up to its first suspension (the hop to
    /// the transport's thread), without the turn of the main queue that a task enqueued there
    /// waits for. A task that ended before its first suspension would be over before it is
    /// registered; it is not registered then, or every later identical fetch would join it
    /// and get its one result. (With Swift 6.3 both paths suspend first: `download` is
    /// `@concurrent`, and a stream's iterator suspends even when the stream has ended.)
    func startFetch(_ plan: OperationPlan) -> Task<Result<CommitSummary, OperationError>, Never> {
        let identity = plan.identity
        if let task = inFlight[identity] { return task }
        let name = plan.name ?? "anonymous"
        guard !isEnded else { return Task { .failure(.refused(.ended(operation: name))) } }
        log?(.fetchStarted(operation: name))
        let transport = self.transport
        let end = FetchEnd()
        let task = Self.startTask { () -> Result<CommitSummary, OperationError> in
            let result: Result<CommitSummary, OperationError>
            if plan.deferLabels.isEmpty {
                result = await self.land(Self.download(plan, transport: transport), of: plan, as: .response)
            } else {
                result = await self.streamIncremental(plan, transport: transport)
            }
            end.reached = true
            if self.inFlight[identity] != nil, !self.isEnded { self.inFlight[identity] = nil }
            if case .failure(let error) = result { self.log?(.failed(operation: name, kind: error.kind)) }
            return result
        }
        if !end.reached { inFlight[identity] = task }
        return task
    }

    /// A task running `body`, started at once on the main actor where the platform has
    /// `Task.immediate`, else enqueued on it.
    private static func startTask<Success: Sendable>(
        _ body: @escaping @MainActor () async -> Success
    ) -> Task<Success, Never> {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return Task.immediate(operation: body)
        }
        return Task(operation: body)
    }

    /// Commits the payloads of an incremental (`@defer`) response as they arrive; its summary
    /// adds up theirs.
    private func streamIncremental(_ plan: OperationPlan, transport: any Transport) async -> Result<
        CommitSummary, OperationError
    > {
        let name = plan.name ?? "anonymous"
        var targets: [DeferredTarget] = []
        var total = CommitSummary()
        var payload = Payload.response
        do {
            for try await bytes in transport.payloads(for: plan.request) {
                let ingested = await Self.ingestOff(bytes, plan: plan, after: targets)
                if case .success(let result) = ingested { targets += result.deferredTargets }
                switch land(ingested, of: plan, as: payload) {
                case .success(let summary): total.add(summary)
                case .failure(let error): return .failure(error)
                }
                payload = .increment
            }
        } catch {
            return .failure(
                .fetch(
                    Task.isCancelled || error is CancellationError
                        ? .cancelled(operation: name) : .transport(error, operation: name)))
        }
        return .success(total)
    }

    /// Sends `plan`'s request, with `uploads` (files at variable paths), and ingests the
    /// answer, off the main actor.
    @concurrent
    nonisolated static func download(
        _ plan: OperationPlan, uploads: [UploadPlacement] = [], transport: any Transport
    ) async -> Result<
        IngestResult, FetchError
    > {
        let name = plan.name ?? "anonymous"
        let bytes: Data
        do {
            var request = plan.request
            request.uploads = uploads
            bytes = try await transport.send(request)
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

/// Whether a fetch's task has run to its end: one started at once can end before
/// `startFetch` registers it. Main actor.
@MainActor
private final class FetchEnd {
    var reached = false
}
