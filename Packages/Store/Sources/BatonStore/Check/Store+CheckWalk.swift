@_spi(Baton) import BatonRecords

extension Store {
    /// Walks `record`, whose table state is `state`, with `selection`: what it lacks is
    /// missing (or pending, under `@defer`), and each link it holds is walked in turn.
    func walkObject(_ record: Record, _ state: RecordState, _ selection: SelectionPlan, _ walk: inout CheckWalk) {
        if Int(state.invalidation) > walk.latestInvalidation { walk.latestInvalidation = Int(state.invalidation) }
        let resolved = selection.byType.isEmpty ? selection.common : selection.resolved(for: record.typename)
        // A record reached again with the same selection answers as before when that walk
        // found nothing missing: skip it. Worth a set lookup only above leaf-only selections.
        var memo: Visit?
        if resolved.hasSelections {
            let visit = Visit(record: ObjectIdentifier(record), selection: ObjectIdentifier(selection))
            if walk.complete.contains(visit) { return }
            memo = visit
        }
        let missingBefore = walk.missing.count
        defer {
            if let memo, walk.missing.count == missingBefore { walk.complete.insert(memo) }
        }
        if record.key.isRoot, let reader = walk.reader {
            fillRootFields(record, resolved, from: reader)
        }
        var rowRead = state.row == .read
        for field in resolved.fields {
            // A leaf the record holds: present, and nothing to walk.
            if field.selection == nil, record.holdsField(untracked: field.field.slot) { continue }
            var value = record[untracked: field.field.slot]
            if value == nil {
                if field.isTypename { continue }
                if walk.hasReader, !rowRead, !record.key.isRoot, let reader = walk.reader {
                    fillRow(of: record, from: reader)
                    rowRead = true
                    value = record[untracked: field.field.slot]
                }
            }
            if value == nil, record.key == .root, let key = lookupKey(in: record, field: field) {
                value = .link(key)
            }
            guard let value else {
                if field.deferLabel != nil {
                    walk.pending = true
                } else {
                    walk.missing.append(walk.path + [.key(field.responseKey)])
                    let unread =
                        record.key.isRoot
                        ? table.rootFieldsRead[record.key]?.contains(field.field.slot) != true : !rowRead
                    if disk.persistence != nil && !walk.hasReader && unread {
                        walk.persistenceMightHelp = true
                    }
                }
                continue
            }
            guard let selection = field.selection else { continue }
            if walk.tracksPaths { walk.path.append(.key(field.responseKey)) }
            walkValue(value, selection, &walk)
            // Lenses read a @connection field's merged connection when the record holds one.
            if let connection = field.connection, let merged = record[untracked: connection.slot] {
                walkValue(merged, selection, &walk)
            }
            if walk.tracksPaths { walk.path.removeLast() }
        }
    }

    private func walkValue(_ value: Value, _ selection: SelectionPlan, _ walk: inout CheckWalk) {
        switch value {
        case .link(let key):
            if walk.hasReader {
                walkLink(key, selection, &walk)
                return
            }
            let position = table.position(of: key)
            let state = table.state(at: position)
            switch state.presence {
            case .live:
                walkObject(table.record(at: position).unsafelyUnwrapped, state, selection, &walk)
            case .deleted, .hidden:
                // Deleted by a commit or hidden by a layer: out of memory, and present (as a null).
                return
            case .absent:
                walk.missing.append(walk.path)
                if disk.persistence != nil && state.row != .read { walk.persistenceMightHelp = true }
            }
        case .list(let elements):
            var index = 0
            for element in elements {
                if walk.tracksPaths { walk.path.append(.index(index)) }
                walkValue(element, selection, &walk)
                if walk.tracksPaths { walk.path.removeLast() }
                index += 1
            }
        default:
            // A null, a field error, or a scalar where an object was selected: present.
            return
        }
    }
}
