import BatonRecords

extension Slot {
    /// The page number or offset of the last page a page list merged.
    public static let pageListPosition = Slot("__pageListPosition")
    /// How many items the last page a page list merged held.
    public static let pageListCount = Slot("__pageListCount")
    /// Whether the last page a page list merged said that nothing follows it (its `next` field
    /// null or, without one, no items): false once its first page, fetched again over the
    /// later pages it kept, says more may follow, as the last page's answer is old by then.
    public static let pageListEnded = Slot("__pageListEnded")
}

/// Page-number and offset lists (`@pageList`, `@offsetList`): each page's answer merged into
/// one record, expressed as list edits the store applies at commit, as a connection's are.
extension ChangeSet {
    /// Writes the merged record `merged` from the page object `page` just ingested, answering
    /// `position` (nil: the first): the page's fields, its items (`list.items`) replacing or
    /// appended to the merged ones, and what the last page merged says of the next one.
    ///
    /// The first page writes its items and every field, and its edit keeps the later pages the
    /// store holds when the items come back equal to the list's head
    /// (`ListEdit.Operation.replaceHead(links:uniqueBy:kept:)`), together with the last page's
    /// `next` field, position and count, as a connection's first page keeps its end cursor,
    /// unless its own `next` is null (the server's list is the page alone, and the later pages
    /// go). Its own end (`Slot.pageListEnded`) stands: a list that had ended is open again, and
    /// the handle asks for the page after the last one merged. A later page appends the items
    /// the list lacks (an item already in it stays where it is) and writes its other fields
    /// over the merged ones: the object holding `next` (`info`) is copied beside the merged
    /// record, so it is the last page's.
    mutating func mergeListPage(
        _ page: RecordKey, into merged: RecordKey, _ list: PageListTemplate, position: Int?,
        direction: ConnectionPlan.Direction
    ) {
        guard let pageSnapshot = self[page] else { return }
        let itemsSlot = Slot(list.items)
        let holderName = list.next.flatMap { $0.count == 2 ? $0[0] : nil }
        let holderSlot = holderName.map { Slot($0) }
        let mergedHolder = holderName.map { merged.child($0) }
        var kept: [ListEdit.Field] = [
            .init(key: merged, slot: .pageListPosition), .init(key: merged, slot: .pageListCount),
        ]
        // The page's own `next`: `.null` when it says nothing follows it.
        var pageNext: Value?
        if let next = list.next {
            if let holderSlot, let mergedHolder, next.count == 2 {
                kept.append(.init(key: mergedHolder, slot: Slot(next[1])))
                pageNext = pageSnapshot[holderSlot]?.link.flatMap { self[$0]?[Slot(next[1])] }
            } else if next.count == 1 {
                kept.append(.init(key: merged, slot: Slot(next[0])))
                pageNext = pageSnapshot[Slot(next[0])]
            }
        }
        var cells: [RecordSnapshot.Cell] = []
        var count = 0
        for cell in pageSnapshot.cells {
            if cell.slot == itemsSlot, case .list(let elements) = cell.value {
                count = elements.count
                let links = elements.compactMap(\.link)
                if direction == .replace {
                    cells.append(cell)
                    if !links.isEmpty && links.count == elements.count && pageNext != .null {
                        edit(
                            ListEdit(
                                key: merged, slot: itemsSlot,
                                operation: .replaceHead(links: links, uniqueBy: nil, kept: kept)))
                    }
                } else {
                    edit(
                        ListEdit(
                            key: merged, slot: itemsSlot, operation: .insert(links: links, atEnd: true, uniqueBy: nil)))
                }
            } else if let holderSlot, let mergedHolder, cell.slot == holderSlot, case .link(let holder) = cell.value,
                let info = self[holder]
            {
                cells.append(.init(slot: holderSlot, value: .link(mergedHolder)))
                merge(RecordSnapshot(key: mergedHolder, cells: info.cells))
            } else {
                cells.append(cell)
            }
        }
        cells.append(.init(slot: .pageListPosition, value: .int(position ?? list.counting.first)))
        cells.append(.init(slot: .pageListCount, value: .int(count)))
        let ended =
            switch (list.next, pageNext) {
            case (nil, _): count == 0
            case (_, .int?): false
            default: true
            }
        cells.append(.init(slot: .pageListEnded, value: .bool(ended)))
        merge(RecordSnapshot(key: merged, unsortedCells: cells))
    }
}
