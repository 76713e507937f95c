extension Slot {
    static let pageInfo = Slot("pageInfo")
    static let endCursor = Slot("endCursor")
    static let startCursor = Slot("startCursor")
    static let hasNextPage = Slot("hasNextPage")
    static let hasPreviousPage = Slot("hasPreviousPage")
}

extension QueryHandle {
    /// Whether the operation's connection says more follows its last edge. Tracked: a view
    /// reading it re-renders when the page info changes.
    public var hasNextPage: Bool { pageInfoFlag(.hasNextPage) }

    /// Whether the operation's connection says more precedes its first edge. Tracked.
    public var hasPreviousPage: Bool { pageInfoFlag(.hasPreviousPage) }

    /// Fetches the `count` edges after the connection's `endCursor` (the operation's
    /// ``GraphQLOperation/paginationVariables`` set) and merges them at its end: the first
    /// `@connection` field the operation selects, found through the store. Does nothing when
    /// there is no next page or a page is on its way.
    public func loadNext(_ count: Int) async {
        await loadPage(count, forward: true)
    }

    /// Fetches the `count` edges before the connection's `startCursor` and merges them at its
    /// start.
    public func loadPrevious(_ count: Int) async {
        await loadPage(count, forward: false)
    }

    private func loadPage(_ count: Int, forward: Bool) async {
        guard !isLoadingPage, !environment.isEnded, let pageInfo = connectionPageInfo() else { return }
        guard case .bool(true)? = pageInfo[untracked: forward ? .hasNextPage : .hasPreviousPage],
              case .string(let cursor)? = pageInfo[untracked: forward ? .endCursor : .startCursor]
        else { return }
        var pageVariables = variables
        pageVariables[Op.paginationVariables.count] = .int(count)
        pageVariables[Op.paginationVariables.cursor] = .string(cursor)
        let pagePlan: OperationPlan
        do {
            pagePlan = try environment.plan(Op.self, variables: pageVariables)
        } catch {
            setPageResult(.failure(.invalidOperation(error)))
            return
        }
        setLoadingPage(true)
        let result = await environment.startFetch(pagePlan).value
        setLoadingPage(false)
        setPageResult(result)
    }

    private func pageInfoFlag(_ slot: Slot) -> Bool {
        guard let pageInfo = connectionPageInfo() else { return false }
        if case .bool(let flag)? = pageInfo[slot: slot] { return flag }
        return false
    }

    /// The page info record of the first connection the operation reaches in the store.
    func connectionPageInfo() -> Record? {
        guard let plan, let root = environment.store.record(plan.rootKey),
              let connection = findConnection(root, plan.root, depth: 0)
        else { return nil }
        return environment.store.resolve(connection[untracked: .pageInfo])
    }

    private func findConnection(_ record: Record, _ selection: SelectionPlan, depth: Int) -> Record? {
        guard depth < 32 else { return nil }
        let store = environment.store
        for field in selection.resolved(for: record.typename).fields {
            if let connection = field.connection, let merged = store.resolve(record[untracked: connection.slot]) {
                return merged
            }
            guard let sub = field.selection, let value = record[untracked: field.field.slot] else { continue }
            var found: Record?
            value.forEachLink { key in
                if found == nil, let child = store.record(key) { found = findConnection(child, sub, depth: depth + 1) }
            }
            if let found { return found }
        }
        return nil
    }
}
