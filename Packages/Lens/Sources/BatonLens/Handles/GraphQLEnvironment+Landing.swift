extension GraphQLEnvironment {
    /// What a payload is to the operation it answers, which says how it lands.
    enum Payload {
        /// A query's response, or the first payload of its incremental (`@defer`) response:
        /// it must hold data, and its commit records the operation's fetch time.
        case response
        /// A later payload of an incremental response: data for what the first deferred.
        case increment
        /// A mutation's answer: it must hold data, and its commit replaces the mutation's
        /// optimistic layer, if it has one, so only the net difference notifies.
        case answer(replacing: OptimisticLayerID?)
        /// One event of a subscription's stream: it must hold data.
        case event

        var needsData: Bool {
            switch self {
            case .response, .answer, .event: true
            case .increment: false
            }
        }
    }

    /// Commits one ingested payload of `plan` on the main actor and logs the commit: the one
    /// path from a response to the store for queries, their `@defer`red payloads, mutations
    /// and subscription events. Commits nothing when the environment has ended, when the
    /// payload did not ingest, or when a payload that must hold data has none.
    /// `startingListsAgain` (a refetch's): the payload's first pages replace the lists the
    /// store holds rather than keep their later pages (`ChangeSet.startListsAgain()`).
    /// `pageFits` (a page's): false commits nothing and fails with
    /// ``PaginationError/listMoved(operation:)``.
    func land(
        _ ingested: Result<IngestResult, FetchError>, of plan: OperationPlan, as payload: Payload,
        startingListsAgain: Bool = false, pageFits: (@MainActor () -> Bool)? = nil
    ) -> Result<
        CommitSummary, OperationError
    > {
        let name = plan.name ?? "anonymous"
        guard !isEnded else { return .failure(.refused(.ended(operation: name))) }
        var result: IngestResult
        switch ingested {
        case .failure(let error): return .failure(.fetch(error))
        case .success(let value): result = value
        }
        if payload.needsData && !result.hasData { return .failure(.fetch(.noData(result.errors, operation: name))) }
        if let pageFits, !pageFits() { return .failure(.refused(.pagination(.listMoved(operation: name)))) }
        if startingListsAgain { result.changes.startListsAgain() }
        let summary =
            switch payload {
            case .response: store.commit(result.changes, fetched: plan.identity)
            case .answer(let layer?): store.commit(result.changes, replacing: layer)
            case .increment, .answer(nil), .event: store.commit(result.changes)
            }
        log?(
            .committed(
                operation: name, records: summary.recordsCreated + summary.recordsChanged, fields: summary.fieldsWritten
            ))
        return .success(summary)
    }

    /// The lens over `plan`'s root, which every handle's `data` is; nil until the store holds
    /// the root record.
    func lens<Op: GraphQLOperation>(_ operation: Op.Type, over plan: OperationPlan) -> Op.Data? {
        rootRef(over: plan).map { Op.Data(ref: $0) }
    }

    /// What ``lens(_:over:)`` wraps: the reference to `plan`'s root record through its root
    /// selection, as a handle's observed state holds it.
    func rootRef(over plan: OperationPlan) -> RecordRef? {
        guard let root = store.record(plan.rootKey) else { return nil }
        return RecordRef(record: root, selection: plan.root, context: lensContext)
    }
}
