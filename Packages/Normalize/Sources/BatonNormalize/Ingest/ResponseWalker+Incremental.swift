import BatonRecords

/// Incremental delivery: the `incremental`, `pending` and `completed` members of a payload of
/// an operation that defers fragments.
extension ResponseWalker where Reader: ~Copyable {
    /// Reads an `incremental` list: each entry's `data` lands in the object its `path` names,
    /// or, for an entry with an `id`, at the path of the pending delivery with that id (then its
    /// `subPath`), found among the deferred targets of this and earlier payloads.
    mutating func walkIncremental() throws {
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
                    // Errors written into records the walk wrote: no earlier read stands for a
                    // repeat from here.
                    replacements += 1
                } else {
                    try reader.skipValue()
                }
            }
        }
    }

    /// Reads a `pending` list: each entry announces a delivery by `id` at a `path`, which
    /// later `incremental` entries name by that id alone.
    mutating func readPending() throws {
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
    mutating func readCompleted() throws {
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
    func pendingPath(of id: String) -> [FieldError.PathElement]? {
        if let announced = pending.last(where: { $0.id == id }) { return announced.path }
        return deferredTargets.last(where: { $0.pendingIDs.contains(id) })?.path
    }

    /// Notes each pending delivery of this payload on the deferred target at its path, so the
    /// next payloads find it by id.
    mutating func attachPending() throws(IngestError) {
        for (id, path) in pending {
            guard let index = deferredTargets.lastIndex(where: { $0.path == path }) else {
                throw IngestError(.badPath(path.map(\.description).joined(separator: ".")))
            }
            deferredTargets[index].pendingIDs.insert(id)
        }
    }

    /// A pending delivery's id: a string, or a number some servers send.
    static func pendingID(_ value: JSONValue) throws -> String {
        switch value {
        case .string(let id): id
        case .int(let id): String(id)
        default: throw IngestError(.badPath("a pending id that is not a string: \(value.jsonText())"))
        }
    }

    static func path(from value: JSONValue) throws -> [FieldError.PathElement] {
        guard case .array(let elements) = value else { throw IngestError(.badPath("not a list")) }
        return try elements.map { element in
            switch element {
            case .string(let key): .key(key)
            case .int(let index): .index(index)
            default: throw IngestError(.badPath(value.jsonText()))
            }
        }
    }
}
