import BatonRecords

/// One pass over one response: reads it with a pull reader while walking the plan, and
/// gathers the change set. Used once, by one task.
struct ResponseWalker: ~Copyable {
    var reader: JSONReader
    let plan: OperationPlan
    let complete: Bool
    /// Whether a member the plan does not select throws rather than being skipped.
    let rejectsUnselectedKeys: Bool
    let policy: CacheKeyPolicy
    /// Every field name that identifies some type: what a scan ahead looks for.
    let keyFieldNames: Set<String>
    var changes = ChangeSet()
    /// Cell buffers to reuse: an object's cells are gathered in one, then merged.
    var cellPool: [[RecordSnapshot.Cell]] = []
    /// The long strings made so far, shared by every value that repeats one.
    var strings = StringTable()
    /// Where the records written so far are among the change set's snapshots, by type and id.
    var records = RecordIndex()
    /// The one field that identifies every type, when the policy has no other key and no
    /// closure: an object's key is then `Type:<that field>`, found by its UTF-8.
    let soleKeyField: String?
    /// Records named by `@deleteRecord` fields, deleted after the walk.
    var deletions: [RecordKey] = []
    /// Whether the operation defers fragments, so the walk notes where deferred data lands.
    let tracksDeferred: Bool
    /// The response path of the object being read, kept only when `tracksDeferred`.
    var path: [FieldError.PathElement] = []
    /// Objects holding deferred fields: where later payloads land.
    var deferredTargets: [DeferredTarget]
    /// The deliveries this payload's `pending` announces, by id, at their response paths.
    var pending: [(id: String, path: [FieldError.PathElement])] = []
    /// The errors of this payload's `completed` entries that no record of it holds.
    var completedErrors: [FieldError] = []

    init(
        reader: consuming JSONReader, plan: OperationPlan, complete: Bool, rejectsUnselectedKeys: Bool = false,
        targets: [DeferredTarget] = []
    ) {
        self.rejectsUnselectedKeys = rejectsUnselectedKeys
        self.reader = reader
        self.tracksDeferred = !plan.deferLabels.isEmpty
        self.deferredTargets = targets
        self.plan = plan
        self.complete = complete
        self.policy = plan.normalization.cacheKeys
        self.keyFieldNames = policy.allKeyFields
        self.soleKeyField = policy.soleKeyField
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
                } else if key.equals("pending") {
                    try readPending()
                } else if key.equals("completed") {
                    sawMember = true
                    try readCompleted()
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
        try attachPending()
        for key in deletions { changes.delete(key) }
        var unplaced = completedErrors
        if let errors {
            unplaced += try ErrorPlacement(plan: plan).place(errors, in: &changes)
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
    /// or, for an entry with an `id`, at the path of the pending delivery with that id (then its
    /// `subPath`), found among the deferred targets of this and earlier payloads.
    private mutating func walkIncremental() throws {
        try reader.beginArray()
        while try reader.nextElement() {
            try reader.beginObject()
            let entryMark = reader.mark
            var entryPath: [FieldError.PathElement]?
            var id: String?
            var subPath: [FieldError.PathElement] = []
            while let member = try reader.nextKey() {
                if member.equals("path") {
                    entryPath = try Self.path(from: reader.readValue())
                } else if member.equals("id") {
                    id = try Self.pendingID(reader.readValue())
                } else if member.equals("subPath") {
                    subPath = try Self.path(from: reader.readValue())
                } else {
                    try reader.skipValue()
                }
            }
            if entryPath == nil, let id {
                guard let pendingPath = pendingPath(of: id) else {
                    throw IngestError(.badPath("pending id \(id), which no payload announced"))
                }
                entryPath = pendingPath + subPath
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

    /// Reads a `pending` list: each entry announces a delivery by `id` at a `path`, which
    /// later `incremental` entries name by that id alone.
    private mutating func readPending() throws {
        guard case .array(let entries) = try reader.readValue() else {
            throw IngestError(.badPath("pending is not a list"))
        }
        for entry in entries {
            guard let id = entry[member: "id"], let path = entry[member: "path"] else {
                throw IngestError(.badPath("a pending entry without id or path: \(entry.jsonText())"))
            }
            pending.append((try Self.pendingID(id), try Self.path(from: path)))
        }
    }

    /// Reads a `completed` list: a delivery that ended, its `errors` (if it failed) placed
    /// as a response's errors are, and those that land in no record of this payload kept
    /// for the result's `errors`.
    private mutating func readCompleted() throws {
        guard case .array(let entries) = try reader.readValue() else {
            throw IngestError(.badPath("completed is not a list"))
        }
        for entry in entries {
            if let errors = entry[member: "errors"] {
                completedErrors += try ErrorPlacement(plan: plan).place(errors, in: &changes)
            }
        }
    }

    /// The path of the pending delivery `id`: announced by this payload or an earlier one.
    private func pendingPath(of id: String) -> [FieldError.PathElement]? {
        if let announced = pending.last(where: { $0.id == id }) { return announced.path }
        return deferredTargets.last(where: { $0.pendingIDs.contains(id) })?.path
    }

    /// Notes each pending delivery of this payload on the deferred target at its path, so the
    /// next payloads find it by id.
    private mutating func attachPending() throws(IngestError) {
        for (id, path) in pending {
            guard let index = deferredTargets.lastIndex(where: { $0.path == path }) else {
                throw IngestError(.badPath(path.map(\.description).joined(separator: ".")))
            }
            deferredTargets[index].pendingIDs.insert(id)
        }
    }

    /// A pending delivery's id: a string, or a number some servers send.
    private static func pendingID(_ value: JSONValue) throws -> String {
        switch value {
        case .string(let id): id
        case .int(let id): String(id)
        default: throw IngestError(.badPath("a pending id that is not a string: \(value.jsonText())"))
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
    /// An object without identity is embedded at `embedded`, at index `element` of its list.
    private mutating func readObject(
        _ selection: SelectionPlan, knownKey: RecordKey?, typename knownTypename: String?, embedded: EmbeddedKey,
        element: Int? = nil, partial: Bool = false
    ) throws -> RecordKey {
        try reader.beginObject()
        var typename = knownTypename ?? (selection.needsTypename ? nil : selection.staticType)
        if typename == nil && !selection.byType.isEmpty {
            typename = try scanAhead(from: reader.mark, wantTypename: true).typename
        }
        var resolved = selection.resolved(for: typename)
        if !selection.discriminatedTypes.isEmpty, let typename, selection.byType[typename] == nil {
            let answered = try answeredDiscriminators(from: reader.mark, of: selection.discriminatedTypes)
            resolved = selection.resolved(unknownTypeAnswering: answered)
        }
        let fields = resolved.fields
        let layout = resolved.layout
        // Values land at their slot's place, so the cells are in slot order as they fill.
        var cells = cellPool.popLast() ?? []
        layout.reset(&cells)
        var written = SeenFields(count: layout.slots.count)
        var seen = SeenFields(count: fields.count)
        var nextExpected = 0
        var key = knownKey
        if key == nil && !resolved.selectsKeyFields, let typename {
            key = place(embedded, element, typename: typename, abstract: selection.isAbstract)
        }
        var keyValues = KeyValues()
        /// The UTF-8 of the sole key field, when the policy has one and it came as a plain string.
        var id: UnsafeBufferPointer<UInt8>?

        while true {
            let memberMark = reader.mark
            guard let member = try reader.nextKey() else { break }
            // Members mostly come in selection order: try the next field's key first.
            guard let index = resolved.keys.index(of: member, expected: nextExpected) else {
                if rejectsUnselectedKeys, !member.equals("__typename") {
                    let name = member.string
                    throw IngestError(
                        .unselectedKey(name, nearest: NearestName.among(fields.map(\.responseKey), to: name)))
                }
                try reader.skipValue()
                continue
            }
            nextExpected = index + 1
            seen.insert(index)
            let cell = layout.fieldCells[index]
            switch layout.members[index] {
            case .scalar(let scalar?, let isList):
                do {
                    cells[cell].value = try readScalar(scalar, isList: isList, type: fields[index].typeName)
                } catch let error as IngestError {
                    throw error.under(.key(fields[index].responseKey))
                }
                written.insert(cell)
                continue
            case .scalar(nil, _):
                let kind = try reader.peekKind()
                if kind == .object {
                    throw IngestError(.wrongType(expected: "a scalar", found: "an object"))
                        .under(.key(fields[index].responseKey))
                }
                cells[cell].value = try readLeaf(kind)
                written.insert(cell)
                continue
            case .customScalar:
                cells[cell].value = try readLeaf(reader.peekKind())
                written.insert(cell)
                continue
            case .typename:
                let name = try readTypename()
                if typename == nil { typename = name }
                cells[cell].value = .string(name)
                written.insert(cell)
                continue
            case .other:
                break
            }
            let field = fields[index]
            guard let child = field.selection else {
                let value: Value
                if key == nil, field.isKeyField, field.name == soleKeyField, field.scalar?.takesStrings ?? true,
                    try reader.peekKind() == .string
                {
                    let (text, utf8) = try readString()
                    value = .string(text)
                    id = utf8
                    if utf8 == nil { keyValues[field.name] = value.json }
                } else {
                    if let scalar = field.scalar {
                        do {
                            value = try readScalar(scalar, isList: field.isList, type: field.typeName)
                        } catch let error as IngestError {
                            throw error.under(.key(field.responseKey))
                        }
                    } else {
                        let kind = try reader.peekKind()
                        if field.isPlainLeaf, kind == .object {
                            throw IngestError(.wrongType(expected: "a scalar", found: "an object")).under(
                                .key(field.responseKey))
                        }
                        value = try readLeaf(kind)
                    }
                    if key == nil, field.isKeyField {
                        keyValues[field.name] = value.json
                        if field.name == soleKeyField { id = nil }
                    }
                }
                if let write = field.edgeWrite { changes.applyEdgeWrite(write, value: value) }
                if field.deletesRecord {
                    deletions += ChangeSet.ids(in: value).map { id in
                        field.deletedTypeName.map { RecordKey(type: $0, id: id.rawValue) } ?? id
                    }
                }
                cells[cell].value = value
                written.insert(cell)
                continue
            }
            if key == nil {
                // A child may be embedded under this record: its key must be known first.
                if typename == nil || (id == nil && !hasKeyFields(typename!, in: keyValues)) {
                    let ahead = try scanAhead(from: memberMark, wantTypename: typename == nil)
                    typename = typename ?? ahead.typename
                    for (name, value) in ahead.keyValues where keyValues[name] == nil { keyValues[name] = value }
                    _ = try reader.nextKey()
                }
                key = try identify(
                    typename: typename, keyValues: keyValues, id: id, embedded: embedded, element: element,
                    abstract: selection.isAbstract)
            }
            do {
                if tracksDeferred { path.append(.key(field.responseKey)) }
                let value = try readComposite(field, child, parent: key!)
                if tracksDeferred { path.removeLast() }
                cells[cell].value = value
                written.insert(cell)
                if let connection = field.connection, case .link(let page) = value {
                    let connectionKey = key!.child(connection.field)
                    changes.mergePage(page, into: connectionKey, direction: connection.direction)
                    cells[layout.connectionCells[index]].value = .link(connectionKey)
                    written.insert(layout.connectionCells[index])
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
                    && (!selection.needsTypename || resolved.typenameFields.contains(where: { seen.contains($0) }))
                {
                    continue
                }
                throw field.isTypename ? IngestError(.missingTypename) : IngestError(.missingField(field.responseKey))
            }
        }
        guard let typename else { throw IngestError(.missingTypename) }
        if !written.contains(layout.typenameCell) {
            cells[layout.typenameCell].value = .string(typename)
            written.insert(layout.typenameCell)
        }
        if !written.containsAll(below: cells.count) {
            var kept = 0
            for i in cells.indices where written.contains(i) {
                cells.swapAt(kept, i)
                kept += 1
            }
            cells.removeLast(cells.count - kept)
        }
        let recordKey: RecordKey
        let count = changes.snapshots.count
        if key == nil, let id {
            recordKey = mergeIdentified(cells, typename: typename, id: id)
        } else {
            recordKey =
                try key
                ?? identify(
                    typename: typename, keyValues: keyValues, id: nil, embedded: embedded, element: element,
                    abstract: selection.isAbstract)
            changes.merge(recordKey, sortedCells: cells)
        }
        // A new snapshot took the buffer; one merged into an existing snapshot is free again.
        if changes.snapshots.count == count { cellPool.append(cells) }
        if tracksDeferred && resolved.hasDeferredFields {
            deferredTargets.append(DeferredTarget(path: path, key: recordKey, typename: typename, selection: selection))
        }
        return recordKey
    }

    /// Merges the cells of the object `typename:id` into its record, found through the index
    /// when the response named it before; returns its key.
    private mutating func mergeIdentified(
        _ cells: [RecordSnapshot.Cell], typename: String, id: UnsafeBufferPointer<UInt8>
    ) -> RecordKey {
        if let (key, position) = records.find(type: typename, id: id) {
            changes.merge(sortedCells: cells, at: position)
            return key
        }
        let key = RecordKey(type: typename, id: String(decoding: id, as: UTF8.self))
        records.insert(type: typename, id: id, key: key, position: changes.merge(key, sortedCells: cells))
        return key
    }

    private func hasKeyFields(_ typename: String, in values: KeyValues) -> Bool {
        (policy.keyFields[typename] ?? policy.defaultKeyFields).allSatisfy { values[$0] != nil }
    }

    /// The key of an object of `typename` whose key fields gave `keyValues`, or whose sole key
    /// field's UTF-8 is `id`; an object without identity is embedded at `embedded`.
    private func identify(
        typename: String?, keyValues: KeyValues, id: UnsafeBufferPointer<UInt8>?, embedded: EmbeddedKey,
        element: Int?, abstract: Bool
    ) throws -> RecordKey {
        guard let typename else { throw IngestError(.missingTypename) }
        if let id { return RecordKey(type: typename, id: String(decoding: id, as: UTF8.self)) }
        if !keyValues.isEmpty, let key = policy.key(typename: typename, value: { keyValues[$0] }) { return key }
        return place(embedded, element, typename: typename, abstract: abstract)
    }

    /// The key of an object without identity of `typename` at `embedded`, at index `element`
    /// of its list; in an abstract position the type is part of it.
    private func place(_ embedded: EmbeddedKey, _ element: Int?, typename: String, abstract: Bool) -> RecordKey {
        var place = element.map { embedded.at($0) } ?? embedded
        if abstract { place = place.typed(typename) }
        return place.key
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

    /// The types among `types` whose discriminator (`__isNamed` for `Named`) the object at
    /// `mark` answers with a type name; leaves the reader at `mark`.
    private mutating func answeredDiscriminators(from mark: JSONReader.Mark, of types: [String]) throws -> [String] {
        reader.rewind(to: mark)
        var answered: [String] = []
        while let member = try reader.nextKey() {
            if let type = types.first(where: { member.equals(SelectionPlan.discriminator(of: $0)) }),
                try reader.peekKind() == .string
            {
                answered.append(type)
            }
            try reader.skipValue()
        }
        reader.rewind(to: mark)
        return answered
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
                    elements.append(
                        .link(
                            try readObject(
                                child, knownKey: nil, typename: nil, embedded: embedded, element: index)))
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

    /// Reads a leaf's value, whose next token is of `kind`: a scalar, an enum, a custom
    /// scalar's JSON, or a list of them.
    @inline(__always)
    private mutating func readLeaf(_ kind: JSONKind) throws -> Value {
        switch kind {
        case .string:
            return .string(try readString().text)
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
            return try readLeafList()
        }
    }

    /// Reads a built-in scalar's or an enum's value (or a list of them), checking its JSON
    /// against `scalar` (``LeafScalar``); `isList` is whether the schema's type is a list, nil
    /// inside one. An `ID` that came as an integer is kept as its decimal text.
    @inline(__always)
    private mutating func readScalar(_ scalar: LeafScalar, isList: Bool?, type: @autoclosure () -> String?) throws
        -> Value
    {
        let kind = try reader.peekKind()
        switch (kind, scalar) {
        case (.null, _):
            try reader.readNull()
            return .null
        case (.array, _) where isList != false:
            try reader.beginArray()
            var elements: [Value] = []
            var index = 0
            while try reader.nextElement() {
                do {
                    elements.append(try readScalar(scalar, isList: nil, type: type()))
                } catch let error as IngestError {
                    throw error.under(.index(index))
                }
                index += 1
            }
            return .list(elements)
        case (.array, _):
            break
        case (_, _) where isList == true:
            break
        case (.string, .string), (.string, .enumValue), (.string, .id):
            return .string(try readString().text)
        case (.bool, .boolean):
            return .bool(try reader.readBool())
        case (.number, .float):
            switch try reader.readNumber() {
            case .int(let number): return .int(number)
            case .double(let number): return .double(number)
            }
        case (.number, .int), (.number, .id):
            let mark = reader.mark
            if case .int(let number) = try reader.readNumber() {
                return scalar == .id ? .string(String(number)) : .int(number)
            }
            reader.rewind(to: mark)
        default:
            break
        }
        throw IngestError(
            .wrongScalar(
                type: type() ?? "\(scalar)",
                expected: isList == true ? "a list of \(scalar.expectation)" : scalar.expectation,
                found: try describeValue()))
    }

    /// The next value as a short text for an error (`42`, `"Alive"`, `a list`), read past.
    private mutating func describeValue() throws -> String {
        switch try reader.peekKind() {
        case .object:
            try reader.skipValue()
            return "an object"
        case .array:
            try reader.skipValue()
            return "a list"
        default:
            let text = try reader.readValue().jsonText()
            return text.count > 40 ? String(text.prefix(40)) + "…" : text
        }
    }

    private mutating func readLeafList() throws -> Value {
        try reader.beginArray()
        var elements: [Value] = []
        while try reader.nextElement() { elements.append(try readLeaf(reader.peekKind())) }
        return .list(elements)
    }

    /// Reads a string value, and gives its UTF-8 too when it had no escapes. A long text the
    /// response repeats is made once.
    private mutating func readString() throws -> (text: String, utf8: UnsafeBufferPointer<UInt8>?) {
        let (raw, escaped) = try reader.readRawString()
        if escaped { return (JSONReader.decodeEscaped(raw), nil) }
        return (strings.string(raw), raw)
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
