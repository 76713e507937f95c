extension QueryHandle {
    /// Whether the operation's page list (its first `@pageList` or `@offsetList` field the
    /// store holds) has a next page: the `next` field the directive names is not null, or,
    /// without one, the last page merged held items; or the list had ended, and its first
    /// page, fetched again since over the pages kept, says more may follow. Tracked: a view
    /// reading it re-renders when a page lands. False before the first page has.
    public var hasNext: Bool {
        guard let found = pageListInStore(), let list = found.field.connection?.list else { return false }
        return Self.nextPosition(of: found.record, list, in: environment.store, tracked: true) != nil
    }

    /// Whether a page (``loadNext()``, ``loadNext(_:)`` or ``loadPrevious(_:)``) is on its way.
    public var isLoadingNext: Bool { isLoadingPage }

    /// Fetches the page after the last one the operation's page list merged and appends its
    /// items: the first `@pageList` or `@offsetList` field the operation selects that the store
    /// holds. The next page is what the answer says (the directive's `next:` field, such as
    /// `info.next`); without such a field, the last page merged plus one for `@pageList`, and
    /// the last offset plus the last page's item count for `@offsetList`, while that page held
    /// items. The number goes into the variable of the field's paging argument, the operation's
    /// other variables as they are. Does nothing when there is no next page, nothing has loaded
    /// yet, or a page is on its way.
    ///
    /// An operation without a page list, or whose paging argument is a literal, cannot page:
    /// ``error`` becomes ``Refusal/pagination(_:)`` and nothing is fetched. A failed page
    /// leaves the pages merged so far and is ``error``, as is a page that comes after the list
    /// started again (``refetch()``), which is not merged (``PaginationError/listMoved(operation:)``).
    public func loadNext() async {
        guard !isLoadingPage, !environment.isEnded, let plan else { return }
        let operation = plan.name ?? "anonymous"
        let found = pageListInStore()
        guard let field = found?.field ?? Self.firstPageList(in: plan.root, depth: 0),
            let list = field.connection?.list
        else { return failPage(.noPageList(operation: operation), operation: operation) }
        guard let variable = list.variable else {
            return failPage(
                .pageArgumentNotVariable(operation: operation, field: field.responseKey, argument: list.argument),
                operation: operation)
        }
        guard let found, let next = Self.nextPosition(of: found.record, list, in: environment.store, tracked: false)
        else { return }
        var variables = self.variables
        variables[variable] = .int(next)
        await fetchPage(variables: variables) { [weak self] in
            guard let self, let record = self.pageListInStore()?.record else { return false }
            return Self.nextPosition(of: record, list, in: self.environment.store, tracked: false) == next
        }
    }

    /// The first page list the operation reaches in the store, and its merged record.
    private func pageListInStore() -> (field: FieldPlan, record: Record)? {
        guard let plan else { return nil }
        return environment.store.firstConnection(of: plan, pageLists: true)
    }

    /// The page number or offset after the last page `record` merged; nil when there is none.
    ///
    /// The `next` field's value; without one, the one after the last page merged, while that
    /// page held items. A list whose last page said nothing follows it is open again when its
    /// first page, fetched again since over the pages kept, said more may
    /// (`Slot.pageListEnded` false): then the one after the last page merged, or that page
    /// again when it held no items.
    @MainActor
    static func nextPosition(of record: Record, _ list: PageListTemplate, in store: Store, tracked: Bool) -> Int? {
        func read(_ record: Record, _ slot: Slot) -> Value? {
            tracked ? record[slot: slot] : record[untracked: slot]
        }
        if let path = list.next, let last = path.last {
            var holder = record
            for name in path.dropLast() {
                guard let next = store.resolve(read(holder, Slot(name))) else { return nil }
                holder = next
            }
            if case .int(let next)? = read(holder, Slot(last)) { return next }
        }
        guard case .int(let position)? = read(record, .pageListPosition),
            case .int(let count)? = read(record, .pageListCount)
        else { return nil }
        // A record written before the list recorded its end says so by its `next` or its count.
        let ended = read(record, .pageListEnded).map { $0 == .bool(true) } ?? (list.next != nil || count == 0)
        if ended { return nil }
        if count == 0 { return position }
        return list.counting == .page ? position + 1 : position + count
    }

    /// The first page-list field of `selection` in document order, whatever the store holds.
    private static func firstPageList(in selection: SelectionPlan, depth: Int) -> FieldPlan? {
        guard depth < 32 else { return nil }
        let selections = [selection.common] + selection.byType.sorted { $0.key < $1.key }.map(\.value)
        for resolved in selections {
            for field in resolved.fields {
                if field.connection?.list != nil { return field }
                if let sub = field.selection, let found = firstPageList(in: sub, depth: depth + 1) { return found }
            }
        }
        return nil
    }
}
