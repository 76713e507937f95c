/// Changes app code makes to the store, gathered by one `GraphQLEnvironment.write` call and
/// committed as one commit when its closure returns: observers of the fields whose value
/// changes are notified once, a write of an equal value notifies no one, and the image keeps
/// what lands. If the closure throws, nothing lands.
///
/// Writes go to the base, beneath any optimistic layer, as a server's answer does.
///
/// Main actor, like the store; a value that lives for one `write` call.
@MainActor
public struct StoreWrite {
    let environment: GraphQLEnvironment
    /// What the write has gathered so far, committed when the closure returns.
    public internal(set) var changes = ChangeSet()
    /// The records of a mutation's answer that are not in the store yet, for the updater
    /// that lands with it (`MutationHandle.perform(variables:optimisticResponse:optimisticUpdate:update:)`).
    var answer: Store?

    init(environment: GraphQLEnvironment) {
        self.environment = environment
    }

    var store: Store { environment.store }

    // MARK: Records

    /// Deletes the record `key`: links to it read as missing (a list drops it), its observers
    /// are notified, and the image forgets it. Connections keep their edges to it until
    /// ``removeNode(_:from:)`` takes them out.
    public mutating func delete(_ key: RecordKey) {
        changes.delete(key)
    }

    /// Adds raw changes, written by key and slot, as if committed after what this write has
    /// gathered so far: the escape hatch for a record no fragment or payload describes.
    public mutating func append(_ changes: ChangeSet) {
        self.changes.append(changes)
    }

    // MARK: Connections

    /// Inserts the record `node` into each connection `connectionIDs` names, at its start or
    /// its end, through an edge record of `edgeTypeName` made for it: what `@appendNode` and
    /// `@prependNode` do. A connection that already holds the node is left as it is.
    ///
    /// - Throws: ``WriteError/noConnection(_:)`` for an ID that names no connection the store
    ///   holds or this write makes, ``WriteError/noRecord(_:)`` for a node it holds neither.
    public mutating func insertNode(
        _ node: RecordKey, into connectionIDs: [String], at end: ConnectionEnd = .end, edgeTypeName: String
    ) throws(WriteError) {
        try requireRecord(node)
        changes.insertNodes(
            [node], into: try connections(connectionIDs), atEnd: end == .end, edgeTypeName: edgeTypeName)
    }

    /// Inserts the edge record `edge` into each connection `connectionIDs` names, at its start
    /// or its end: what `@appendEdge` and `@prependEdge` do. A connection that already holds
    /// the edge's node is left as it is.
    public mutating func insertEdge(
        _ edge: RecordKey, into connectionIDs: [String], at end: ConnectionEnd = .end
    ) throws(WriteError) {
        try requireRecord(edge)
        changes.insertEdges([edge], into: try connections(connectionIDs), atEnd: end == .end)
    }

    /// Removes the edges of `node` from each connection `connectionIDs` names: what
    /// `@deleteEdge` does. The node's record stays.
    public mutating func removeNode(_ node: RecordKey, from connectionIDs: [String]) throws(WriteError) {
        changes.removeNodes([node], from: try connections(connectionIDs))
    }

    // MARK: Checks

    /// Whether the record `key` will exist once this write lands.
    func holds(_ key: RecordKey) -> Bool {
        if changes[key] != nil { return true }
        return !changes.deletes(key) && store.record(key) != nil
    }

    /// The record `key` as the write finds it: the store's, else the answer's.
    func record(_ key: RecordKey) -> Record? {
        guard !changes.deletes(key) else { return nil }
        return store.record(key) ?? answer?.record(key)
    }

    func requireRecord(_ key: RecordKey) throws(WriteError) {
        guard holds(key) else { throw .noRecord(key) }
    }

    private func connections(_ ids: [String]) throws(WriteError) -> [RecordKey] {
        var keys: [RecordKey] = []
        keys.reserveCapacity(ids.count)
        for id in ids {
            let key = RecordKey(id)
            guard holds(key) else { throw .noConnection(id) }
            keys.append(key)
        }
        return keys
    }
}
