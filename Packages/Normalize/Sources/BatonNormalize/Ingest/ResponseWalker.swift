import BatonRecords

/// Where an object without identity is embedded: under its parent's field, at a list index
/// (indices of lists of lists outermost first), and, in an abstract position, with its
/// concrete type last (`client:root:search(name:"a"):0:Character`), so an object of another
/// type at the same place is another record.
struct EmbeddedKey {
    let parent: RecordKey
    let storageKey: String
    let index: Int?
    let outer: [Int]
    /// The concrete type, for an object in an abstract position.
    private(set) var typename: String?

    init(parent: RecordKey, storageKey: String) {
        self.parent = parent
        self.storageKey = storageKey
        self.index = nil
        self.outer = []
    }

    private init(parent: RecordKey, storageKey: String, index: Int?, outer: [Int]) {
        self.parent = parent
        self.storageKey = storageKey
        self.index = index
        self.outer = outer
    }

    var key: RecordKey {
        guard let typename else { return untypedKey }
        return RecordKey(untypedKey.rawValue + ":" + typename)
    }

    private var untypedKey: RecordKey {
        guard let index else { return parent.child(storageKey) }
        guard let first = outer.first else { return parent.child(storageKey, index: index) }
        var text = parent.child(storageKey, index: first).rawValue
        for inner in outer.dropFirst() + [index] { text += ":" + String(inner) }
        return RecordKey(text)
    }

    /// This place, for an object of `typename` in an abstract position.
    func typed(_ typename: String) -> EmbeddedKey {
        var typed = self
        typed.typename = typename
        return typed
    }

    func at(_ element: Int) -> EmbeddedKey {
        guard let index else { return EmbeddedKey(parent: parent, storageKey: storageKey, index: element, outer: []) }
        return EmbeddedKey(parent: parent, storageKey: storageKey, index: element, outer: outer + [index])
    }
}

/// One pass over one response: reads it with a pull reader while walking the plan, and
/// gathers the change set. Used once, by one task.
struct ResponseWalker: ~Copyable {
    var reader: JSONReader
    let plan: OperationPlan
    let complete: Bool
    let policy: CacheKeyPolicy
    /// Every field name that identifies some type: what a scan ahead looks for.
    let keyFieldNames: Set<String>
    var changes = ChangeSet()
    /// Cell buffers to reuse: an object's cells are gathered in one, then merged.
    var cellPool: [[RecordSnapshot.Cell]] = []
    /// Records named by `@deleteRecord` fields, deleted after the walk.
    var deletions: [RecordKey] = []
    /// Whether the operation defers fragments, so the walk notes where deferred data lands.
    let tracksDeferred: Bool
    /// The response path of the object being read, kept only when `tracksDeferred`.
    var path: [FieldError.PathElement] = []
    /// Objects holding deferred fields: where later payloads land.
    var deferredTargets: [DeferredTarget]

    init(reader: consuming JSONReader, plan: OperationPlan, complete: Bool, targets: [DeferredTarget] = []) {
        self.reader = reader
        self.tracksDeferred = !plan.deferLabels.isEmpty
        self.deferredTargets = targets
        self.plan = plan
        self.complete = complete
        self.policy = plan.normalization.cacheKeys
        self.keyFieldNames = policy.allKeyFields
    }

    mutating func walkResponse() throws(IngestError) -> IngestResult {
        var hasData = false
        var sawMember = false
        var errors: JSONValue?
        var extensions: JSONValue?
        var hasNext = false
        do {
            guard try reader.peekKind() == .object else {
                throw IngestError(.notAResponse("the top level is not an object"))
            }
            try reader.beginObject()
            while let key = try reader.nextKey() {
                if key.equals("data") {
                    sawMember = true
                    if try !reader.tryNull() {
                        try walkRoot()
                        hasData = true
                    }
                } else if key.equals("errors") {
                    sawMember = true
                    errors = try reader.readValue()
                } else if key.equals("extensions") {
                    extensions = try reader.readValue()
                } else if key.equals("incremental") {
                    sawMember = true
                    try walkIncremental()
                    hasData = true
                } else if key.equals("hasNext") {
                    hasNext = try reader.readBool()
                } else {
                    try reader.skipValue()
                }
            }
            try reader.finish()
        } catch let error as JSONReadError {
            throw IngestError(.malformedJSON(reader.locating(error)))
        } catch let error as IngestError {
            throw error
        } catch {
            throw IngestError(.notAResponse("\(error)"))
        }
        guard sawMember else { throw IngestError(.notAResponse("it has neither data nor errors")) }
        for key in deletions { changes.delete(key) }
        var unplaced: [FieldError] = []
        if let errors {
            unplaced = try ErrorPlacement(plan: plan).place(errors, in: &changes)
        }
        return IngestResult(
            changes: changes, hasData: hasData, errors: unplaced, extensions: extensions, hasNext: hasNext,
            deferredTargets: deferredTargets)
    }

    private mutating func walkRoot() throws {
        guard try reader.peekKind() == .object else {
            throw IngestError(.wrongType(expected: "an object for data", found: try describeNext()))
        }
        _ = try readObject(
            plan.root, knownKey: plan.rootKey, typename: plan.rootTypename,
            embedded: EmbeddedKey(parent: plan.rootKey, storageKey: ""))
    }

    /// Reads an `incremental` list: each entry's `data` lands in the object its `path` names,
    /// found among the deferred targets of earlier payloads.
    private mutating func walkIncremental() throws {
        try reader.beginArray()
        while try reader.nextElement() {
            try reader.beginObject()
            let entryMark = reader.mark
            var entryPath: [FieldError.PathElement]?
            while let member = try reader.nextKey() {
                if member.equals("path") {
                    entryPath = try Self.path(from: reader.readValue())
                } else {
                    try reader.skipValue()
                }
            }
            guard let entryPath, let target = deferredTargets.last(where: { $0.path == entryPath }) else {
                throw IngestError(.badPath(entryPath.map { $0.map(\.description).joined(separator: ".") } ?? "(none)"))
            }
            reader.rewind(to: entryMark)
            while let member = try reader.nextKey() {
                if member.equals("data") {
                    path = entryPath
                    _ = try readObject(
                        target.selection, knownKey: target.key, typename: target.typename,
                        embedded: EmbeddedKey(parent: target.key, storageKey: ""), partial: true)
                } else if member.equals("errors") {
                    let errors = try reader.readValue()
                    _ = try ErrorPlacement(plan: plan).place(errors, in: &changes)
                } else {
                    try reader.skipValue()
                }
            }
        }
    }

    private static func path(from value: JSONValue) throws -> [FieldError.PathElement] {
        guard case .array(let elements) = value else { throw IngestError(.badPath("not a list")) }
        return try elements.map { element in
            switch element {
            case .string(let key): .key(key)
            case .int(let index): .index(index)
            default: throw IngestError(.badPath(value.jsonText()))
            }
        }
    }

    // MARK: Objects

    /// Reads the object at the reader as `selection`, writes its record, and returns its key.
    private mutating func readObject(
        _ selection: SelectionPlan, knownKey: RecordKey?, typename knownTypename: String?, embedded: EmbeddedKey,
        partial: Bool = false
    ) throws -> RecordKey {
        try reader.beginObject()
        var typename = knownTypename ?? (selection.needsTypename ? nil : selection.staticType)
        if typename == nil && !selection.byType.isEmpty {
            typename = try scanAhead(from: reader.mark, wantTypename: true).typename
        }
        var embedded = embedded
        if selection.isAbstract, let typename { embedded = embedded.typed(typename) }
        let resolved = selection.resolved(for: typename)
        let fields = resolved.fields
        var cells = cellPool.popLast() ?? []
        cells.removeAll(keepingCapacity: true)
        cells.reserveCapacity(fields.count + 1)
        var seen = SeenFields(count: fields.count)
        var nextExpected = 0
        var key = knownKey
        if key == nil && !resolved.selectsKeyFields && typename != nil {
            key = embedded.key
        }
        var keyValues = KeyValues()

        while true {
            let memberMark = reader.mark
            guard let member = try reader.nextKey() else { break }
            // Members mostly come in selection order: try the next field's key first.
            guard let index = resolved.keys.index(of: member, expected: nextExpected) else {
                try reader.skipValue()
                continue
            }
            let field = fields[index]
            nextExpected = index + 1
            seen.insert(index)
            if field.isTypename {
                let name = try readTypename()
                if typename == nil { typename = name }
                cells.append(.init(slot: field.field.slot, value: .string(name)))
                continue
            }
            guard let child = field.selection else {
                if field.isPlainLeaf, try reader.peekKind() == .object {
                    throw IngestError(.wrongType(expected: "a scalar", found: "an object")).under(.key(field.responseKey))
                }
                let value = try readLeaf()
                if let write = field.edgeWrite { changes.applyEdgeWrite(write, value: value) }
                if field.deletesRecord {
                    deletions += ChangeSet.ids(in: value).map { id in
                        field.deletedTypeName.map { RecordKey(type: $0, id: id.rawValue) } ?? id
                    }
                }
                if key == nil, field.isKeyField {
                    keyValues[field.name] = value.json
                }
                cells.append(.init(slot: field.field.slot, value: value))
                continue
            }
            if key == nil {
                // A child may be embedded under this record: its key must be known first.
                if typename == nil || !hasKeyFields(typename!, in: keyValues) {
                    let ahead = try scanAhead(from: memberMark, wantTypename: typename == nil)
                    typename = typename ?? ahead.typename
                    for (name, value) in ahead.keyValues where keyValues[name] == nil { keyValues[name] = value }
                    _ = try reader.nextKey()
                }
                if selection.isAbstract, let typename { embedded = embedded.typed(typename) }
                key = try identify(typename: typename, keyValues: keyValues, embedded: embedded)
            }
            do {
                if tracksDeferred { path.append(.key(field.responseKey)) }
                let value = try readComposite(field, child, parent: key!)
                if tracksDeferred { path.removeLast() }
                cells.append(.init(slot: field.field.slot, value: value))
                if let connection = field.connection, case .link(let page) = value {
                    let connectionKey = key!.child(connection.field)
                    changes.mergePage(page, into: connectionKey, direction: connection.direction)
                    cells.append(.init(slot: connection.slot, value: .link(connectionKey)))
                }
                if let write = field.edgeWrite { changes.applyEdgeWrite(write, value: value) }
            } catch let error as IngestError {
                throw error.under(.key(field.responseKey))
            }
        }

        if complete && !partial {
            for (index, field) in fields.enumerated() where !seen.contains(index) && field.deferLabel == nil {
                // A `__typename` (or an alias of it, `__isNode`) is there for the type: once
                // the position or another member gave it, its absence is no gap.
                if field.isTypename && typename != nil
                    && (!selection.needsTypename || resolved.typenameFields.contains(where: { seen.contains($0) })) {
                    continue
                }
                throw field.isTypename ? IngestError(.missingTypename) : IngestError(.missingField(field.responseKey))
            }
        }
        guard let typename else { throw IngestError(.missingTypename) }
        if selection.isAbstract { embedded = embedded.typed(typename) }
        let recordKey = try key ?? identify(typename: typename, keyValues: keyValues, embedded: embedded)
        if !resolved.typenameFields.contains(where: { seen.contains($0) }) {
            cells.append(.init(slot: .typename, value: .string(typename)))
        }
        changes.merge(recordKey, cells: &cells)
        cellPool.append(cells)
        if tracksDeferred && resolved.hasDeferredFields {
            deferredTargets.append(DeferredTarget(path: path, key: recordKey, typename: typename, selection: selection))
        }
        return recordKey
    }

    private func hasKeyFields(_ typename: String, in values: KeyValues) -> Bool {
        (policy.keyFields[typename] ?? policy.defaultKeyFields).allSatisfy { values[$0] != nil }
    }

    private func identify(typename: String?, keyValues: KeyValues, embedded: EmbeddedKey) throws -> RecordKey {
        guard let typename else { throw IngestError(.missingTypename) }
        if keyValues.isEmpty { return embedded.key }
        return policy.key(typename: typename) { keyValues[$0] } ?? embedded.key
    }

    /// Reads the rest of the object from `mark` for its `__typename` and key fields, then goes
    /// back to `mark`.
    private mutating func scanAhead(from mark: JSONReader.Mark, wantTypename: Bool) throws
        -> (typename: String?, keyValues: [String: JSONValue])
    {
        reader.rewind(to: mark)
        var typename: String?
        var values: [String: JSONValue] = [:]
        while let member = try reader.nextKey() {
            if wantTypename && member.equals("__typename") {
                typename = try readTypename()
            } else if keyFieldNames.contains(where: { member.equals($0) }) {
                values[member.string] = try reader.readValue()
            } else {
                try reader.skipValue()
            }
        }
        reader.rewind(to: mark)
        return (typename, values)
    }

    private mutating func readTypename() throws -> String {
        guard try reader.peekKind() == .string else {
            throw IngestError(.wrongType(expected: "a string for __typename", found: try describeNext()))
        }
        return try reader.readString()
    }

    // MARK: Values

    /// Reads the value of a field with selections: an object, a list of them, or null.
    private mutating func readComposite(_ field: FieldPlan, _ child: SelectionPlan, parent: RecordKey) throws -> Value {
        let embedded = EmbeddedKey(parent: parent, storageKey: field.storageKey)
        switch try reader.peekKind() {
        case .null:
            try reader.readNull()
            return .null
        case .object:
            if field.isList == true {
                throw IngestError(.wrongType(expected: "a list", found: "an object"))
            }
            return .link(try readObject(child, knownKey: nil, typename: nil, embedded: embedded))
        case .array:
            if field.isList == false {
                throw IngestError(.wrongType(expected: "an object", found: "a list"))
            }
            return try readList(child, embedded: embedded)
        default:
            throw IngestError(.wrongType(expected: "an object", found: try describeNext()))
        }
    }

    private mutating func readList(_ child: SelectionPlan, embedded: EmbeddedKey) throws -> Value {
        try reader.beginArray()
        var elements: [Value] = []
        var index = 0
        while try reader.nextElement() {
            if tracksDeferred { path.append(.index(index)) }
            defer { if tracksDeferred { path.removeLast() } }
            do {
                switch try reader.peekKind() {
                case .null:
                    try reader.readNull()
                    elements.append(.null)
                case .object:
                    elements.append(.link(try readObject(child, knownKey: nil, typename: nil, embedded: embedded.at(index))))
                case .array:
                    elements.append(try readList(child, embedded: embedded.at(index)))
                default:
                    throw IngestError(.wrongType(expected: "an object", found: try describeNext()))
                }
            } catch let error as IngestError {
                throw error.under(.index(index))
            }
            index += 1
        }
        return .list(elements)
    }

    /// Reads a leaf's value: a scalar, an enum, a custom scalar's JSON, or a list of them.
    private mutating func readLeaf() throws -> Value {
        switch try reader.peekKind() {
        case .string:
            return .string(try reader.readString())
        case .number:
            switch try reader.readNumber() {
            case .int(let number): return .int(number)
            case .double(let number): return .double(number)
            }
        case .bool:
            return .bool(try reader.readBool())
        case .null:
            try reader.readNull()
            return .null
        case .object:
            return .scalar(try reader.readValue())
        case .array:
            try reader.beginArray()
            var elements: [Value] = []
            while try reader.nextElement() { elements.append(try readLeaf()) }
            return .list(elements)
        }
    }

    private mutating func describeNext() throws -> String {
        switch try reader.peekKind() {
        case .object: "an object"
        case .array: "a list"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// Which fields of an object the response has answered: a bit set that allocates only for
/// objects of more than 64 fields.
struct SeenFields {
    private var bits: UInt64 = 0
    private var overflow: [Bool]

    init(count: Int) {
        overflow = count > 64 ? [Bool](repeating: false, count: count) : []
    }

    @inline(__always)
    mutating func insert(_ index: Int) {
        if overflow.isEmpty { bits |= 1 << UInt64(index) } else { overflow[index] = true }
    }

    @inline(__always)
    func contains(_ index: Int) -> Bool {
        overflow.isEmpty ? bits & (1 << UInt64(index)) != 0 : overflow[index]
    }
}

/// The key fields an object's members gave, in the order read: usually one, kept inline.
struct KeyValues {
    private var first: (String, JSONValue)?
    private var rest: [(String, JSONValue)] = []

    var isEmpty: Bool { first == nil }

    subscript(name: String) -> JSONValue? {
        get {
            if let first, first.0 == name { return first.1 }
            return rest.first { $0.0 == name }?.1
        }
        set {
            guard let newValue else { return }
            if first == nil || first!.0 == name {
                first = (name, newValue)
            } else if let index = rest.firstIndex(where: { $0.0 == name }) {
                rest[index].1 = newValue
            } else {
                rest.append((name, newValue))
            }
        }
    }
}
