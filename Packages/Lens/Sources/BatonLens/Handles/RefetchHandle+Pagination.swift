extension RefetchHandle {
    /// Whether the fragment's connection says more follows its last edge. Tracked: a view
    /// reading it re-renders when the page info changes.
    public var hasNext: Bool { pageInfoFlag(.hasNextPage) }

    /// Whether the fragment's connection says more precedes its first edge. Tracked.
    public var hasPrevious: Bool { pageInfoFlag(.hasPreviousPage) }

    /// Fetches the `count` edges after the fragment's connection's `endCursor` through the
    /// refetch query and merges them at the end of the same connection record the screen's
    /// query wrote: the first `@connection` field the fragment selects on its own record. The
    /// page size and the cursor go into the variables of that field's `first` and `after`
    /// arguments (`last` and `before`'s set to null); the fragment's other variables stay.
    /// Returns at once when there is no next page or a page is on its way; two handles (two
    /// lists on one screen) page separately.
    ///
    /// Throws ``Refusal/pagination(_:)`` when the fragment selects no connection, the
    /// connection's `first` and `after` are not both variables, or it does not select
    /// `pageInfo { hasNextPage endCursor }`, and the fetch's failure otherwise (a page that
    /// comes after the connection started again is not merged:
    /// ``PaginationError/listMoved(operation:)``); either is also ``error``.
    public func loadNext(_ count: Int) async throws(OperationError) {
        try await loadPage(count, .forward)
    }

    /// Fetches the `count` edges before the connection's `startCursor` and merges them at its
    /// start, through its `last` and `before` variables. As ``loadNext(_:)`` otherwise.
    public func loadPrevious(_ count: Int) async throws(OperationError) {
        try await loadPage(count, .backward)
    }

    private func loadPage(_ count: Int, _ direction: ConnectionPaging.Direction) async throws(OperationError) {
        guard !isLoadingNext, !isLoadingPrevious else { return }
        let variables = try queryVariables(self.variables)
        let current = try plan(variables)
        let name = current.name ?? "anonymous"
        guard let connection = connectionField(in: current) else {
            throw fail(.refused(.pagination(.noConnection(operation: name))))
        }
        let paging: ConnectionPlan
        let pageVariables: ConnectionPaging.Variables
        do {
            (paging, pageVariables) = try connection.paging(direction, operation: name)
        } catch {
            throw fail(.refused(.pagination(error)))
        }
        let cursorSlot: Slot = direction == .forward ? .endCursor : .startCursor
        guard let pageInfo = pageInfo(of: connection, tracked: false),
            case .bool(true)? = pageInfo[untracked: direction == .forward ? .hasNextPage : .hasPreviousPage],
            case .string(let cursor)? = pageInfo[untracked: cursorSlot]
        else { return }
        var pageVariablesValues = variables
        if let opposite = paging.paging[direction == .forward ? .backward : .forward] {
            pageVariablesValues[opposite.count] = .null
            pageVariablesValues[opposite.cursor] = .null
        }
        pageVariablesValues[pageVariables.count] = .int(count)
        pageVariablesValues[pageVariables.cursor] = .string(cursor)
        let pagePlan = try plan(pageVariablesValues)
        setLoading(true, direction)
        let result = await environment.startFetch(pagePlan) { [weak self] in
            self?.pageInfo(of: connection, tracked: false)?[untracked: cursorSlot] == .string(cursor)
        }.result()
        setLoading(false, direction)
        switch result {
        case .success: observed.error = nil
        case .failure(let failure): throw fail(failure)
        }
    }

    private func setLoading(_ loading: Bool, _ direction: ConnectionPaging.Direction) {
        switch direction {
        case .forward: observed.isLoadingNext = loading
        case .backward: observed.isLoadingPrevious = loading
        }
    }

    private func fail(_ failure: OperationError) -> OperationError {
        environment.log?(.failed(operation: String(describing: F.RefetchQuery.self), kind: failure.kind))
        observed.error = failure
        return failure
    }

    private func pageInfoFlag(_ slot: Slot) -> Bool {
        guard let variables = try? queryVariables(variables),
            let plan = try? environment.plan(F.RefetchQuery.self, variables: variables),
            let connection = connectionField(in: plan),
            let pageInfo = self.pageInfo(of: connection, tracked: true)
        else { return false }
        if case .bool(let flag)? = pageInfo[slot: slot] { return flag }
        return false
    }

    /// The page info record of `connection`'s merged record on the lens's record.
    private func pageInfo(of connection: FieldPlan, tracked: Bool) -> Record? {
        let record = lens.ref.record
        guard let paging = connection.connection else { return nil }
        let merged = tracked ? record[slot: paging.slot] : record[untracked: paging.slot]
        guard let connectionRecord = environment.store.resolve(merged) else { return nil }
        return environment.store.resolve(
            tracked ? connectionRecord[slot: .pageInfo] : connectionRecord[untracked: .pageInfo])
    }

    /// The first `@connection` field the fragment selects on its own record, as `plan` (the
    /// refetch query) plans it.
    private func connectionField(in plan: OperationPlan) -> FieldPlan? {
        let selection: SelectionPlan?
        switch F.refetchTarget {
        case .root: selection = plan.root
        case .lookup(let field, _):
            selection = plan.root.common.fields.first(where: { $0.responseKey == field })?.selection
        }
        guard let selection else { return nil }
        return selection.resolved(for: lens.ref.record.typename).fields.first { $0.connection != nil }
    }
}
