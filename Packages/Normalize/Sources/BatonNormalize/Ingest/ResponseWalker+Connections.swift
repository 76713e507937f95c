import BatonRecords

extension Slot {
    static let edges = Slot("edges")
    static let pageInfo = Slot("pageInfo")
    static let node = Slot("node")
    static let cursor = Slot("cursor")
    static let startCursor = Slot("startCursor")
    static let endCursor = Slot("endCursor")
    static let hasNextPage = Slot("hasNextPage")
    static let hasPreviousPage = Slot("hasPreviousPage")
}

/// Connections and the declarative edge writes of mutations: changes relative to what the
/// store holds, expressed as list edits the store applies at commit.
extension ChangeSet {
    /// Writes the connection record `connection` from the page record `page` just ingested:
    /// the page's fields, its edges replacing, appended to or prepended to the connection's,
    /// and its page info merged into the connection's on the side it extends.
    ///
    /// A first page (neither `after` nor `before`) writes its edges and its whole page info,
    /// which is the connection started again for a change set alone; its edit keeps the later
    /// pages the store holds when the page equals their head (`ListEdit.Operation.replaceHead(links:uniqueBy:kept:)`),
    /// with the end cursor of the last of them, unless the page says that nothing follows it
    /// (`hasNextPage` false: the server's connection is the page alone, and the later pages
    /// go). The page's own `hasNextPage` stands over the kept pages: whether anything follows
    /// them is unknown until a next page asks, so a connection loaded to its end before
    /// (a relaunch's, a refetch's) can page on to edges the server added at its end since.
    mutating func mergePage(_ page: RecordKey, into connection: RecordKey, direction: ConnectionPlan.Direction) {
        guard let pageSnapshot = self[page] else { return }
        let mergedInfo = connection.child("pageInfo")
        var cells: [RecordSnapshot.Cell] = []
        for cell in pageSnapshot.cells {
            switch cell.slot {
            case .edges:
                guard case .list(let elements) = cell.value else {
                    cells.append(cell)
                    continue
                }
                if direction == .replace {
                    let pageHasNext = pageSnapshot[.pageInfo]?.link.flatMap { self[$0]?[.hasNextPage] }
                    let elements = edgesOfDistinctNodes(elements)
                    cells.append(.init(slot: .edges, value: .list(elements)))
                    let links = elements.compactMap(\.link)
                    if !links.isEmpty && links.count == elements.count && pageHasNext != .bool(false) {
                        var kept: [ListEdit.Field] = [.init(key: mergedInfo, slot: .endCursor)]
                        // Unselected, it is not the page's to say: the kept pages keep theirs.
                        if pageHasNext == nil { kept.append(.init(key: mergedInfo, slot: .hasNextPage)) }
                        edit(
                            ListEdit(
                                key: connection, slot: .edges,
                                operation: .replaceHead(links: links, uniqueBy: .node, kept: kept)))
                    }
                } else {
                    edit(
                        ListEdit(
                            key: connection, slot: .edges,
                            operation: .insert(
                                links: elements.compactMap(\.link), atEnd: direction == .append, uniqueBy: .node)))
                }
            case .pageInfo:
                guard case .link(let pageInfo) = cell.value, let info = self[pageInfo] else {
                    cells.append(cell)
                    continue
                }
                let merged = mergedInfo
                cells.append(.init(slot: .pageInfo, value: .link(merged)))
                let kept = info.cells.filter { infoCell in
                    switch direction {
                    case .replace: true
                    case .append: infoCell.slot != .startCursor && infoCell.slot != .hasPreviousPage
                    case .prepend: infoCell.slot != .endCursor && infoCell.slot != .hasNextPage
                    }
                }
                merge(RecordSnapshot(key: merged, cells: kept))
            default:
                cells.append(cell)
            }
        }
        merge(RecordSnapshot(key: connection, unsortedCells: cells))
    }

    /// `edges` without an edge whose node an earlier one has, as this change set writes
    /// them: a connection holds each node once.
    private func edgesOfDistinctNodes(_ edges: [Value]) -> [Value] {
        var nodes: Set<Value> = []
        var distinct: [Value] = []
        distinct.reserveCapacity(edges.count)
        for edge in edges {
            if let key = edge.link, let node = self[key]?[.node], node.link != nil {
                guard nodes.insert(node).inserted else { continue }
            }
            distinct.append(edge)
        }
        return distinct
    }

    /// Applies a mutation field's `@appendEdge`, `@prependNode`, `@deleteEdge`... given the
    /// field's value as ingested.
    ///
    /// Every edge inserted holds a `cursor`: a null one when the response gives none (an edge
    /// `@appendNode` makes, or one whose mutation did not select it), as Relay writes it, so a
    /// query that selects `edges { cursor }` finds the connection whole, in memory and after a
    /// relaunch.
    mutating func applyEdgeWrite(_ write: EdgeWrite, value: Value) {
        switch write.kind {
        case .insertEdge(let append):
            var edges: [RecordKey] = []
            value.forEachLink { edges.append($0) }
            insertEdges(edges, into: write.connections, atEnd: append)
        case .insertNode(let append, let edgeTypeName):
            var nodes: [RecordKey] = []
            value.forEachLink { nodes.append($0) }
            insertNodes(nodes, into: write.connections, atEnd: append, edgeTypeName: edgeTypeName)
        case .deleteEdge:
            removeNodes(Self.ids(in: value), from: write.connections)
        }
    }

    /// Inserts the edge records `edges` into each connection record of `connections`, at its
    /// end or its start, skipping an edge whose node a connection already holds. An edge this
    /// change set writes without a `cursor` gets a null one.
    public mutating func insertEdges(_ edges: [RecordKey], into connections: [RecordKey], atEnd: Bool) {
        for edge in edges where self[edge] != nil && self[edge]?[.cursor] == nil {
            self.write(.null, to: .cursor, of: edge)
        }
        for connection in connections {
            edit(
                ListEdit(key: connection, slot: .edges, operation: .insert(links: edges, atEnd: atEnd, uniqueBy: .node))
            )
        }
    }

    /// Inserts `nodes` into each connection record of `connections`, at its end or its start,
    /// each through an edge record of `edgeTypeName` made for it (keyed under the connection,
    /// with a null `cursor`), skipping a node a connection already holds.
    public mutating func insertNodes(
        _ nodes: [RecordKey], into connections: [RecordKey], atEnd: Bool, edgeTypeName: String
    ) {
        for connection in connections {
            var edges: [RecordKey] = []
            for node in nodes {
                let edge = connection.child(node.rawValue)
                merge(
                    RecordSnapshot(
                        key: edge,
                        cells: [
                            .init(slot: .typename, value: .string(edgeTypeName)),
                            .init(slot: .cursor, value: .null),
                            .init(slot: .node, value: .link(node)),
                        ]))
                edges.append(edge)
            }
            edit(
                ListEdit(key: connection, slot: .edges, operation: .insert(links: edges, atEnd: atEnd, uniqueBy: .node))
            )
        }
    }

    /// Removes every edge whose `node` is one of `nodes` from each connection record of
    /// `connections`. The nodes' records stay.
    public mutating func removeNodes(_ nodes: [RecordKey], from connections: [RecordKey]) {
        for node in nodes {
            for connection in connections {
                edit(ListEdit(key: connection, slot: .edges, operation: .remove(target: node, field: .node)))
            }
        }
    }

    /// The record keys an id field names: the id itself when it is a key (`Note:n2`), or, for
    /// a bare id, each record this change set or the store holds with that id is found by the
    /// store; the ingest passes bare ids through as keys.
    static func ids(in value: Value) -> [RecordKey] {
        switch value {
        case .string(let id): [RecordKey(id)]
        case .list(let elements): elements.flatMap(ids)
        default: []
        }
    }
}
