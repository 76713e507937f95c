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

    /// Fetches the `count` edges after the connection's `endCursor` and merges them at its
    /// end: the first `@connection` field the operation selects that the store holds. The
    /// page size and the cursor go into the variables of that field's `first` and `after`
    /// arguments, whatever they are named (`ConnectionPaging`); `last` and `before`'s are
    /// set to null. Does nothing when there is no next page or a page is on its way.
    ///
    /// An operation whose connection's `first` and `after` are not both variables cannot page
    /// forward, nor one whose connection does not select `pageInfo { hasNextPage endCursor }`:
    /// ``error`` becomes ``Refusal/pagination(_:)`` and nothing is fetched. A page that comes
    /// after the connection started again (``refetch()``) is not merged:
    /// ``PaginationError/listMoved(operation:)``.
    public func loadNext(_ count: Int) async {
        await loadPage(count, .forward)
    }

    /// Fetches the `count` edges before the connection's `startCursor` and merges them at its
    /// start, through the variables of its `last` and `before` arguments (`first` and
    /// `after`'s set to null). As ``loadNext(_:)`` otherwise.
    public func loadPrevious(_ count: Int) async {
        await loadPage(count, .backward)
    }

    private func loadPage(_ count: Int, _ direction: ConnectionPaging.Direction) async {
        guard !isLoadingPage, !environment.isEnded, let plan else { return }
        let name = plan.name ?? "anonymous"
        let found = connectionInStore()
        guard let connection = found?.field ?? Self.firstConnection(in: plan.root, depth: 0),
            connection.connection != nil
        else {
            return failPage(.noConnection(operation: name), operation: name)
        }
        let paging: ConnectionPlan
        let pageVariables: ConnectionPaging.Variables
        do {
            (paging, pageVariables) = try connection.paging(direction, operation: name)
        } catch {
            return failPage(error, operation: name)
        }
        let cursorSlot: Slot = direction == .forward ? .endCursor : .startCursor
        guard let pageInfo = found.flatMap({ environment.store.resolve($0.record[untracked: .pageInfo]) }),
            case .bool(true)? = pageInfo[untracked: direction == .forward ? .hasNextPage : .hasPreviousPage],
            case .string(let cursor)? = pageInfo[untracked: cursorSlot]
        else { return }
        var variables = self.variables
        let opposite = paging.paging[direction == .forward ? .backward : .forward]
        if let opposite {
            variables[opposite.count] = .null
            variables[opposite.cursor] = .null
        }
        variables[pageVariables.count] = .int(count)
        variables[pageVariables.cursor] = .string(cursor)
        await fetchPage(variables: variables) { [weak self] in
            self?.connectionPageInfo()?[untracked: cursorSlot] == .string(cursor)
        }
    }

    /// Fetches the page the operation selects under `variables` (a connection's cursor, a page
    /// list's number), its answer merged and its result the page's: what every kind of page
    /// loading ends in. `fits` says, when the page comes, whether the list still ends where
    /// the page was asked from; if not, nothing is merged and the result is
    /// ``PaginationError/listMoved(operation:)``.
    func fetchPage(variables: [String: JSONValue], fits: @escaping @MainActor () -> Bool) async {
        let pagePlan: OperationPlan
        do {
            pagePlan = try environment.plan(Op.self, variables: variables)
        } catch {
            setPageResult(.failure(.refused(.invalidOperation(error))))
            return
        }
        setLoadingPage(true)
        let result = await environment.startFetch(pagePlan, pageFits: fits).result()
        setLoadingPage(false)
        setPageResult(result)
    }

    /// Fails the page load of `operation` with `error`, logged.
    func failPage(_ error: PaginationError, operation: String) {
        let failure = OperationError.refused(.pagination(error))
        environment.log?(.failed(operation: operation, kind: failure.kind))
        setPageResult(.failure(failure))
    }

    private func pageInfoFlag(_ slot: Slot) -> Bool {
        guard let pageInfo = connectionPageInfo() else { return false }
        if case .bool(let flag)? = pageInfo[slot: slot] { return flag }
        return false
    }

    /// The page info record of the first connection the operation reaches in the store.
    func connectionPageInfo() -> Record? {
        guard let found = connectionInStore() else { return nil }
        return environment.store.resolve(found.record[untracked: .pageInfo])
    }

    /// The first `@connection` field the operation reaches in the store, and its merged record.
    private func connectionInStore() -> (field: FieldPlan, record: Record)? {
        guard let plan else { return nil }
        return environment.store.firstConnection(of: plan, pageLists: false)
    }

    /// The first `@connection` field of `selection` in document order, whatever the store
    /// holds: the one whose paging is checked before anything has loaded.
    private static func firstConnection(in selection: SelectionPlan, depth: Int) -> FieldPlan? {
        guard depth < 32 else { return nil }
        let selections = [selection.common] + selection.byType.sorted { $0.key < $1.key }.map(\.value)
        for resolved in selections {
            for field in resolved.fields {
                if field.connection != nil && field.connection?.list == nil { return field }
                if let sub = field.selection, let found = firstConnection(in: sub, depth: depth + 1) { return found }
            }
        }
        return nil
    }
}
