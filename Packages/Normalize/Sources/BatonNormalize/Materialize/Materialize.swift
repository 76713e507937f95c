import BatonRecords

/// Builds an operation's response back from records: the oracle every normalization is
/// held to. After a response is committed, materializing its operation gives its `data`
/// field by field (aliases, arguments, lists, nulls), key order aside; a stored field error
/// reads as the null the server sent with it.
///
/// A visitor of the ``PlanWalk``: the response as sent, so a `@connection` field reads its
/// own page, never the merged connection.
public struct Materializer: Sendable {
    /// What to do with a selected field the records lack.
    public enum Missing: Sendable {
        /// Throw, naming the path.
        case fail
        /// Leave the member out, as a deferred field not yet arrived is.
        case omit
    }

    public let missing: Missing

    public init(missing: Missing = .fail) {
        self.missing = missing
    }

    /// The `data` of `plan`'s operation as `source` holds it.
    public func data(of plan: OperationPlan, from source: some RecordSource) throws(MaterializeError) -> JSONValue {
        try build(plan, source)
    }

    /// The `data` of `plan`'s operation as `changes` hold it: the common source, with the
    /// walk specialized for it here (through the generic entry, from another module, it runs
    /// unspecialized: materialize_fixture_ms 3.0 against 2.6).
    public func data(of plan: OperationPlan, from changes: ChangeSet) throws(MaterializeError) -> JSONValue {
        try build(plan, changes)
    }

    private func build<Records: RecordSource>(_ plan: OperationPlan, _ source: Records) throws(MaterializeError)
        -> JSONValue
    {
        var walk = PlanWalk(source: RecordSourceNodes(source: source), visitor: Builder(missing: missing))
        walk.walk(plan.rootKey, plan.root, typename: plan.rootTypename)
        if let failure = walk.visitor.failure { throw failure }
        return walk.visitor.result ?? .object([])
    }

    static func leaf(_ value: Value) -> JSONValue {
        switch value {
        case .list(let elements): .array(elements.map(leaf))
        case .link(let key): .string(key.rawValue)
        default: value.json
        }
    }

    /// Builds the response's JSON as the walk goes: an object per record entered, an array
    /// per list, each put into the container it is in when it ends.
    struct Builder: PlanVisitor {
        typealias Node = RecordKey
        typealias Visit = Void

        static var readsLeaves: Bool { true }
        static var followsConnections: Bool { false }
        static var needsTypenames: Bool { true }

        let missing: Missing
        var result: JSONValue?
        /// The first field missing, which stops the walk.
        var failure: MaterializeError?

        var isDone: Bool { failure != nil }
        /// The open objects' members, innermost last.
        private var objects: [[(String, JSONValue)]] = []
        /// The open objects' selections (unretained: the plan holds them), for the static
        /// type of a `__typename` the records lack.
        private var selections: [Unmanaged<SelectionPlan>] = []
        /// The open lists' items, innermost last.
        private var lists: [[JSONValue]] = []
        /// Whether each open container is a list, innermost last.
        private var containerIsList: [Bool] = []
        /// The fields being walked into (unretained: the plan holds them), innermost last.
        private var fields: [Unmanaged<FieldPlan>] = []

        init(missing: Missing) {
            self.missing = missing
        }

        mutating func enter(
            _ node: RecordKey, _ selection: SelectionPlan, _ resolved: ResolvedSelection, path: PlanPath
        )
            -> Void?
        {
            objects.append([])
            objects[objects.count - 1].reserveCapacity(resolved.fields.count)
            selections.append(Unmanaged.passUnretained(selection))
            containerIsList.append(false)
            return ()
        }

        mutating func leave(_ node: RecordKey, _ visit: Void) {
            containerIsList.removeLast()
            selections.removeLast()
            put(.object(objects.removeLast()))
        }

        mutating func missing(_ field: FieldPlan, in node: RecordKey, typename: String?, path: PlanPath) {
            if field.isTypename, let known = typename ?? selections.last!.takeUnretainedValue().staticType {
                objects[objects.count - 1].append((field.responseKey, .string(known)))
                return
            }
            if field.deferLabel != nil || missing == .omit { return }
            failure = MaterializeError(missing: path.elements(adding: field), record: node)
        }

        mutating func leaf(_ field: FieldPlan, _ value: Value) {
            objects[objects.count - 1].append((field.responseKey, Materializer.leaf(value)))
        }

        mutating func beginField(_ field: FieldPlan) { fields.append(Unmanaged.passUnretained(field)) }
        mutating func endField(_ field: FieldPlan) { fields.removeLast() }
        mutating func plain(_ value: Value) { put(Materializer.leaf(value)) }

        mutating func beginList(count: Int) {
            lists.append([])
            lists[lists.count - 1].reserveCapacity(count)
            containerIsList.append(true)
        }

        mutating func endList() {
            containerIsList.removeLast()
            put(.array(lists.removeLast()))
        }

        /// Puts `json` into the innermost open container: a list's next item, or an object's
        /// member under the field being walked; the result when none is open.
        private mutating func put(_ json: JSONValue) {
            guard let isList = containerIsList.last else {
                result = json
                return
            }
            if isList {
                lists[lists.count - 1].append(json)
            } else {
                objects[objects.count - 1].append((fields.last!.takeUnretainedValue().responseKey, json))
            }
        }
    }
}

/// A ``RecordSource`` as a walk's source: a record is its key, and every link leads to one
/// (a record the source lacks lacks every field).
struct RecordSourceNodes<Records: RecordSource>: PlanSource {
    let source: Records

    func link(_ key: RecordKey) -> PlanLink<RecordKey> { .node(key) }

    func typename(of node: RecordKey) -> String? {
        if case .string(let name)? = source.value(.typename, of: node) { return name }
        return nil
    }

    func holds(_ slot: Slot, in node: RecordKey) -> Bool { source.value(slot, of: node) != nil }

    func value(_ slot: Slot, in node: RecordKey) -> Value? { source.value(slot, of: node) }
}

/// A selected field the records do not hold, with its response path.
public struct MaterializeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var missing: [FieldError.PathElement]
    /// The record that lacks the field.
    public var record: RecordKey

    public var description: String {
        "\(record) lacks \(missing.map(\.description).joined(separator: "."))"
    }
}
