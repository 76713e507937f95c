import BatonRecords

/// An object's members: each read by how its field is planned into the object's cells
/// (`written` noting which), the key fields noted for its identity, a composite's children
/// walked under its key.
///
/// `@_transparent`, as `readObject`'s other helpers are (see there), for the same reason.
extension ResponseWalker where Reader: ~Copyable {
    /// Skips a member the plan does not select, or throws for it when the walk rejects them; a
    /// `__typename` the plan does not select is still checked against `position` when the
    /// walk checks the schema.
    @inline(__always)
    mutating func skipUnselected(_ member: JSONKey, fields: [FieldPlan], position: String?) throws {
        if member.equals("__typename") {
            if let schemaCheck, let position, try reader.peekKind() == .string {
                let name = try reader.readString()
                do throws(IngestError) {
                    try schemaCheck.checkTypename(name, position: position)
                } catch {
                    throw error.under(.key("__typename"))
                }
                return
            }
        } else if rejectsUnselectedKeys {
            let name = member.string
            throw IngestError(.unselectedKey(name, nearest: NearestName.among(fields.map(\.responseKey), to: name)))
        }
        try reader.skipValue()
    }

    /// The rules of `resolved`'s fields when the walk checks the schema, on the object's type:
    /// when neither the position nor the plan gave it, it is scanned for first (a field of an
    /// interface may be non-null on the type itself). Nil when the walk checks nothing.
    @_transparent
    mutating func schemaRules(_ resolved: ResolvedSelection, typename: inout String?, position: String?) throws
        -> UnsafeBufferPointer<PayloadCheck.Rule>?
    {
        guard let schemaCheck else { return nil }
        if typename == nil { typename = try scanAhead(from: reader.mark, wantTypename: true).typename }
        guard let parent = typename ?? position else { return nil }
        return schemaCheck.rules(of: resolved, on: parent)
    }

    /// Checks the value just read for field `index` into its cell against the field's rule
    /// (see ``PayloadCheck``), the error placed under the field's response key.
    @inline(never)
    func checkMember(
        _ cells: borrowing [RecordSnapshot.Cell], _ index: Int, _ fields: [FieldPlan], _ layout: CellLayout,
        _ rule: PayloadCheck.Rule, position: String?
    ) throws {
        do throws(IngestError) {
            let cell = layout.fieldCells[index]
            if rule.refusesOnlyNull {
                guard cells[cell].value.isNull else { return }
                throw IngestError(.nullInNonNull(type: schemaCheck!.typeDescription(rule, depth: 0)))
            }
            try schemaCheck!.check(cells[cell].value, rule, position: position)
        } catch {
            throw error.under(.key(fields[index].responseKey))
        }
    }

    /// Reads the member of field `index` when the layout plans it as a leaf that writes its cell
    /// and nothing else (or as `__typename`, which sets `typename` if unknown); false, having
    /// read nothing, for any other field.
    @_transparent
    mutating func readPlainMember(
        _ index: Int, _ fields: [FieldPlan], _ layout: CellLayout, _ cells: inout [RecordSnapshot.Cell],
        _ written: inout SeenFields, typename: inout String?
    ) throws -> Bool {
        let cell = layout.fieldCells[index]
        switch layout.members[index] {
        case .scalar(let scalar?, let isList):
            do {
                cells[cell].value = try readScalar(scalar, isList: isList)
            } catch let error as IngestError {
                throw error.naming(type: fields[index].typeName).under(.key(fields[index].responseKey))
            }
        case .scalar(nil, _):
            let kind = try reader.peekKind()
            if kind == .object {
                throw IngestError(.wrongType(expected: "a scalar", found: "an object"))
                    .under(.key(fields[index].responseKey))
            }
            cells[cell].value = try readLeaf(kind)
        case .customScalar:
            cells[cell].value = try readLeaf(reader.peekKind())
        case .typename:
            let name = try readTypename()
            if typename == nil { typename = name }
            cells[cell].value = .string(name)
        case .other:
            return false
        }
        written.insert(cell)
        return true
    }

    /// Reads the member of `field` (at `index`), a leaf the layout does not plan as plain: a key
    /// field, noted in `keyValues` while the object has no key (the sole key field's UTF-8 as
    /// `id`), or one with an edge write or a deletion.
    @_transparent
    mutating func readLeafMember(
        _ field: FieldPlan, _ index: Int, _ layout: CellLayout, _ cells: inout [RecordSnapshot.Cell],
        _ written: inout SeenFields, keyless: Bool, _ keyValues: inout KeyValues,
        _ id: inout UnsafeBufferPointer<UInt8>?
    ) throws {
        let value: Value
        if keyless, field.isKeyField, field.name == soleKeyField, field.scalar?.takesStrings ?? true,
            try reader.peekKind() == .string
        {
            let (text, utf8) = try readString()
            value = .string(text)
            id = utf8
            if utf8 == nil { keyValues[field.name] = value.json }
        } else {
            if let scalar = field.scalar {
                do {
                    value = try readScalar(scalar, isList: field.isList)
                } catch let error as IngestError {
                    throw error.naming(type: field.typeName).under(.key(field.responseKey))
                }
            } else {
                let kind = try reader.peekKind()
                if field.isPlainLeaf, kind == .object {
                    throw IngestError(.wrongType(expected: "a scalar", found: "an object")).under(
                        .key(field.responseKey))
                }
                value = try readLeaf(kind)
            }
            if keyless, field.isKeyField {
                keyValues[field.name] = value.json
                if field.name == soleKeyField { id = nil }
            }
        }
        if let write = field.edgeWrite {
            changes.applyEdgeWrite(write, value: value)
            replacements += 1
        }
        if field.deletesRecord {
            deletions += ChangeSet.ids(in: value).map { id in
                field.deletedTypeName.map { RecordKey(type: $0, id: id.rawValue) } ?? id
            }
        }
        cells[layout.fieldCells[index]].value = value
        written.insert(layout.fieldCells[index])
    }

    /// The key of an object that has none yet, read before a member whose key starts at
    /// `memberMark`: from its type and key fields, scanned ahead for when the members so far
    /// do not give them (leaving the reader after that member's key).
    @_transparent
    mutating func settleKey(
        at memberMark: Reader.Mark, typename: inout String?, keyValues: inout KeyValues,
        id: UnsafeBufferPointer<UInt8>?, embedded: EmbeddedKey, element: Int?, abstract: Bool
    ) throws -> RecordKey {
        if typename == nil || (id == nil && !hasKeyFields(typename!, in: keyValues)) {
            let ahead = try scanAhead(from: memberMark, wantTypename: typename == nil)
            typename = typename ?? ahead.typename
            for (name, value) in ahead.keyValues where keyValues[name] == nil { keyValues[name] = value }
            _ = try reader.nextKey()
        }
        return try identify(
            typename: typename, keyValues: keyValues, id: id, embedded: embedded, element: element,
            abstract: abstract)
    }

    /// Reads the member of `field` (at `index`), which has selections `child`, under the
    /// object's key `parent`; a connection's page is merged into the connection record.
    @_transparent
    mutating func readCompositeMember(
        _ field: FieldPlan, _ index: Int, _ child: SelectionPlan, _ layout: CellLayout, parent: RecordKey,
        _ cells: inout [RecordSnapshot.Cell], _ written: inout SeenFields
    ) throws {
        let cell = layout.fieldCells[index]
        do {
            if tracksDeferred { path.append(.key(field.responseKey)) }
            let value = try readComposite(field, child, parent: parent)
            if tracksDeferred { path.removeLast() }
            cells[cell].value = value
            written.insert(cell)
            if let connection = field.connection, case .link(let page) = value {
                let connectionKey = parent.child(connection.field)
                if let list = connection.list {
                    changes.mergeListPage(
                        page, into: connectionKey, list, position: connection.listPosition,
                        direction: connection.direction)
                } else {
                    changes.mergePage(page, into: connectionKey, direction: connection.direction)
                }
                cells[layout.connectionCells[index]].value = .link(connectionKey)
                written.insert(layout.connectionCells[index])
                replacements += 1
            }
            if let write = field.edgeWrite {
                changes.applyEdgeWrite(write, value: value)
                replacements += 1
            }
        } catch let error as IngestError {
            throw error.under(.key(field.responseKey))
        }
    }
}
