import BatonRecords

/// Objects: which fields an object's type selects, its members read into its record's cells,
/// its identity, and its record merged into the change set.
///
/// `readObject` is the walk's hottest loop (`ingest_ms` 2.3-2.4 on the fixture when it read
/// every repeat). Its helpers are `@_transparent`, inlined before optimization as if written in
/// place, and take the object's state as `inout` locals; the record's merge, the last use of its
/// cells, stays in `readObject` so the buffer moves into the change set or the pool. Each other
/// split measured cost: `@inline(__always)` helpers, which the inliner leaves out of a caller
/// this large, or the state in a struct, which it copies (3.4-3.6 ms); the cells `consuming`
/// into a helper, which copied them on write (3.0 ms); the merge in a helper taking them `inout`
/// (+4%). The one split kept is where the object's fields are resolved, so that the members
/// read come in borrowed (`profile ingest 5` 54.06M → 52.10M instructions, `payload 5` 59.85M
/// → 57.65M).
///
/// An identified object read before under the same selection, whose text (or tree) is that
/// read's again, is left once its id is read (`RecordIndex.LastRead`, `ObjectSpan`).
extension ResponseWalker where Reader: ~Copyable {
    /// Reads the object at the reader as `selection`, writes its record, and returns its key.
    /// An object without identity is embedded at `embedded`, at index `element` of its list.
    mutating func readObject(
        _ selection: SelectionPlan, knownKey: RecordKey?, typename knownTypename: String?, embedded: EmbeddedKey,
        element: Int? = nil, partial: Bool = false
    ) throws -> RecordKey {
        try reader.beginObject()
        // Where the object lies in the text, when a repeat of it could be left unread: an
        // identified object read before under this selection, byte for byte the same, is
        // left in one comparison once its id is read (see `RecordIndex.LastRead`).
        let span =
            skipsRepeats && selection.writesOnlyCells && !partial && !tracksDeferred ? reader.openedObject() : nil
        let (resolved, typename) = try resolve(selection, typename: knownTypename)
        return try readObject(
            selection, resolved, typename: typename, span: span, knownKey: knownKey, embedded: embedded,
            element: element, partial: partial)
    }

    /// Reads the members of the object just begun, as `resolved`, the fields `selection`
    /// resolves to for its type (`span`: where its text lies, when a repeat of it could be left
    /// unread). Apart from ``readObject(_:knownKey:typename:embedded:element:partial:)`` so that
    /// `resolved` comes in borrowed: bound to a local, each of its members the object reads
    /// (its fields, their layout, keys and rules) was retained and released, an object.
    mutating func readObject(
        _ selection: SelectionPlan, _ resolved: ResolvedSelection, typename knownTypename: String?,
        span: ObjectSpan?, knownKey: RecordKey?, embedded: EmbeddedKey, element: Int?, partial: Bool
    ) throws -> RecordKey {
        var typename = knownTypename
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
        /// The record `typename:id` as the index answered when asked, after the id was read,
        /// and how many records the index had then (-1: not asked).
        var found: RecordIndex.Found?
        var askedAt = -1
        let rules = try schemaRules(resolved, typename: &typename, position: selection.staticType)

        while true {
            let memberMark = reader.mark
            // Members mostly come in selection order: try the next field's key first (a tree's
            // key as the very string the plan holds, then any key by its bytes).
            let index: Int
            if reader.nextKey(isString: resolved.keys.stringWords(at: nextExpected)) {
                index = nextExpected
            } else {
                guard let member = try reader.nextKey() else { break }
                guard let found = resolved.keys.index(of: member, expected: nextExpected) else {
                    try skipUnselected(member, fields: fields, position: selection.staticType)
                    continue
                }
                index = found
            }
            nextExpected = index + 1
            // A selected key twice is refused: neither value can be kept consistently.
            if seen.contains(index) { throw IngestError(.duplicateField(fields[index].responseKey)) }
            seen.insert(index)
            if try readPlainMember(index, fields, layout, &cells, &written, typename: &typename) {
                if let rules, rules[index].constrains {
                    try checkMember(cells, index, fields, layout, rules[index], position: selection.staticType)
                }
                continue
            }
            let field = fields[index]
            if let child = field.selection {
                if key == nil {
                    // A child may be embedded under this record: its key must be known first.
                    key =
                        try found?.key
                        ?? settleKey(
                            at: memberMark, typename: &typename, keyValues: &keyValues, id: id, embedded: embedded,
                            element: element, abstract: selection.isAbstract)
                }
                try readCompositeMember(field, index, child, layout, parent: key!, &cells, &written)
            } else {
                try readLeafMember(field, index, layout, &cells, &written, keyless: key == nil, &keyValues, &id)
                if let span, let id, key == nil, askedAt < 0, let typename {
                    askedAt = records.count
                    found = records.find(type: typename, id: id)
                    if let found, let last = records.lastRead(of: found.entry),
                        last.selection == ObjectIdentifier(selection), last.replacements == replacements,
                        reader.skipObject(span, sameAs: last.span)
                    {
                        cellPool.append(cells)
                        repeatsSkipped += 1
                        return found.key
                    }
                }
            }
            if let rules, rules[index].constrains {
                try checkMember(cells, index, fields, layout, rules[index], position: selection.staticType)
            }
        }
        // Most objects answer every field: only one that does not is checked field by field.
        if complete && !partial && !seen.containsAll(below: fields.count) {
            try checkComplete(seen, hasTypename: typename != nil, fields, selection, resolved)
        }
        guard let typename else { throw IngestError(.missingTypename) }
        keepWritten(&cells, &written, layout, typename: typename)
        let recordKey: RecordKey
        let count = changes.snapshots.count
        if let id {
            // Identified by its id (the key, if settled for a child, is `typename:id`). The
            // index's answer holds if it found the record, or has had nothing added since.
            let asked = askedAt >= 0 && (found != nil || askedAt == records.count)
            let (identified, entry) = mergeIdentified(
                cells, typename: typename, id: id, key: key,
                found: asked ? found : records.find(type: typename, id: id))
            recordKey = identified
            if let span, let entry {
                records.note(
                    RecordIndex.LastRead(
                        selection: ObjectIdentifier(selection), span: reader.closed(span),
                        replacements: replacements),
                    of: entry)
            }
        } else {
            recordKey =
                try key
                ?? identify(
                    typename: typename, keyValues: keyValues, id: nil, embedded: embedded, element: element,
                    abstract: selection.isAbstract)
            var replaced = false
            changes.merge(recordKey, sortedCells: cells, replaced: &replaced)
            if replaced { replacements += 1 }
        }
        // A new snapshot took the buffer; one merged into an existing snapshot is free again.
        if changes.snapshots.count == count { cellPool.append(cells) }
        if tracksDeferred && resolved.hasDeferredFields {
            deferredTargets.append(DeferredTarget(path: path, key: recordKey, typename: typename, selection: selection))
        }
        return recordKey
    }

    /// The fields to read for the object just begun, and its type if the position, the plan
    /// or a scan ahead for `__typename` gives it; leaves the reader where it was.
    @_transparent
    mutating func resolve(_ selection: SelectionPlan, typename knownTypename: String?) throws
        -> (selection: ResolvedSelection, typename: String?)
    {
        var typename = knownTypename ?? (selection.needsTypename ? nil : selection.staticType)
        if typename == nil && !selection.byType.isEmpty {
            typename = try scanAhead(from: reader.mark, wantTypename: true).typename
        }
        var resolved = selection.resolved(for: typename)
        if !selection.discriminatedTypes.isEmpty, let typename, selection.byType[typename] == nil {
            let answered = try answeredDiscriminators(from: reader.mark, of: selection.discriminatedTypes)
            resolved = selection.resolved(unknownTypeAnswering: answered)
        }
        return (resolved, typename)
    }

    /// Throws when a complete response lacks one of `fields` that no deferred fragment holds
    /// back and that is no client-only field (which no server sends).
    func checkComplete(
        _ seen: SeenFields, hasTypename: Bool, _ fields: [FieldPlan], _ selection: SelectionPlan,
        _ resolved: ResolvedSelection
    ) throws {
        for (index, field) in fields.enumerated()
        where !seen.contains(index) && field.deferLabel == nil && !field.isClientOnly {
            // A `__typename` (or an alias of it, `__isNode`) is there for the type: once
            // the position or another member gave it, its absence is no gap.
            if field.isTypename && hasTypename
                && (!selection.needsTypename || resolved.typenameFields.contains(where: { seen.contains($0) }))
            {
                continue
            }
            throw field.isTypename ? IngestError(.missingTypename) : IngestError(.missingField(field.responseKey))
        }
    }

    /// Makes `cells` the record's: the `__typename` cell filled, the cells no member wrote
    /// dropped.
    @_transparent
    func keepWritten(
        _ cells: inout [RecordSnapshot.Cell], _ written: inout SeenFields, _ layout: CellLayout, typename: String
    ) {
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
    }

    /// Merges the cells of the object `typename:id` (whose `key` may be made already) into its
    /// record, `found` in the index when the response named it before; returns its key and its
    /// entry in the index.
    mutating func mergeIdentified(
        _ cells: [RecordSnapshot.Cell], typename: String, id: UnsafeBufferPointer<UInt8>, key: RecordKey?,
        found: RecordIndex.Found?
    ) -> (key: RecordKey, entry: Int?) {
        var replaced = false
        defer { if replaced { replacements += 1 } }
        if let found {
            replaced = changes.merge(sortedCells: cells, at: found.position)
            return (found.key, found.entry)
        }
        let key = key ?? RecordKey(type: typename, id: id)
        let position = changes.merge(key, sortedCells: cells, replaced: &replaced)
        return (key, records.insert(type: typename, id: id, key: key, position: position))
    }

    func hasKeyFields(_ typename: String, in values: KeyValues) -> Bool {
        (policy.keyFields[typename] ?? policy.defaultKeyFields).allSatisfy { values[$0] != nil }
    }

    /// The key of an object of `typename` whose key fields gave `keyValues`, or whose sole key
    /// field's UTF-8 is `id`; an object without identity is embedded at `embedded`.
    func identify(
        typename: String?, keyValues: KeyValues, id: UnsafeBufferPointer<UInt8>?, embedded: EmbeddedKey,
        element: Int?, abstract: Bool
    ) throws -> RecordKey {
        guard let typename else { throw IngestError(.missingTypename) }
        if let id { return RecordKey(type: typename, id: id) }
        if !keyValues.isEmpty, let key = policy.key(typename: typename, value: { keyValues[$0] }) { return key }
        return place(embedded, element, typename: typename, abstract: abstract)
    }

    /// The key of an object without identity of `typename` at `embedded`, at index `element`
    /// of its list; in an abstract position the type is part of it.
    func place(_ embedded: EmbeddedKey, _ element: Int?, typename: String, abstract: Bool) -> RecordKey {
        var place = element.map { embedded.at($0) } ?? embedded
        if abstract { place = place.typed(typename) }
        return place.key
    }

    /// Reads the rest of the object from `mark` for its `__typename` and key fields, then goes
    /// back to `mark`.
    mutating func scanAhead(from mark: Reader.Mark, wantTypename: Bool) throws
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
    mutating func answeredDiscriminators(from mark: Reader.Mark, of types: [String]) throws -> [String] {
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

    mutating func readTypename() throws -> String {
        guard try reader.peekKind() == .string else {
            throw IngestError(.wrongType(expected: "a string for __typename", found: try describeNext()))
        }
        return try reader.readString()
    }
}
