import Foundation

extension GraphQLEnvironment {
    /// The fetch of `plan` in flight, or a new one, registered before this returns so that
    /// identical requests made in the same turn share it: the transport call and the ingest
    /// run off the main actor; the commit runs on it, in the task of the first caller that
    /// awaits its ``InFlightFetch/result()`` (every caller must await it).
    ///
    /// `startingListsAgain` (a refetch's): the answer's first pages replace the lists the
    /// store holds (`ChangeSet.startListsAgain()`). It joins a fetch in flight that can still
    /// do so, which then does; otherwise it starts a fetch of its own, which the next callers
    /// join.
    ///
    /// `pageFits` (a page's): checked on the main actor just before the answer commits; false
    /// commits nothing, and the fetch fails with ``PaginationError/listMoved(operation:)``.
    /// Callers joining the fetch share its check.
    func startFetch(
        _ plan: OperationPlan, startingListsAgain: Bool = false, pageFits: (@MainActor () -> Bool)? = nil
    ) -> InFlightFetch {
        let identity = plan.identity
        if let fetch = inFlight[identity], !startingListsAgain || fetch.startListsAgain() { return fetch }
        let name = plan.name ?? "anonymous"
        guard !isEnded else { return InFlightFetch(refused: .failure(.refused(.ended(operation: name)))) }
        log?(.fetchStarted(operation: name))
        let transport = self.transport
        let fetch = InFlightFetch(
            plan, transport: transport, startsListsAgain: startingListsAgain,
            stream: {
                await self.streamIncremental(
                    plan, transport: transport, startingListsAgain: startingListsAgain, pageFits: pageFits)
            },
            land: { fetch, ingested in
                self.land(
                    ingested, of: plan, as: .response, startingListsAgain: fetch.startsListsAgain, pageFits: pageFits)
            },
            ended: { fetch, outcome in
                if self.inFlight[identity] === fetch { self.inFlight[identity] = nil }
                if case .failure(let error) = outcome { self.log?(.failed(operation: name, kind: error.kind)) }
            })
        inFlight[identity] = fetch
        return fetch
    }

    /// Commits the payloads of an incremental (`@defer`) response as they arrive; its summary
    /// adds up theirs.
    private func streamIncremental(
        _ plan: OperationPlan, transport: any Transport, startingListsAgain: Bool,
        pageFits: (@MainActor () -> Bool)?
    ) async -> Result<
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
                // Only the first payload can land where the list no longer ends.
                let fits: (@MainActor () -> Bool)? = if case .response = payload { pageFits } else { nil }
                switch land(ingested, of: plan, as: payload, startingListsAgain: startingListsAgain, pageFits: fits) {
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
